/// The names of countries' subdivisions (states, provinces, regions) by their ISO 3166-2 codes:
/// `SubdivisionName.of("TX", in: "US")` is `Texas`.
///
/// The names ISO gives, as Debian's `iso-codes` 4.15.0 lists them
/// (/usr/share/iso-codes/json/iso_3166-2.json, which `scripts/make-subdivision-names.py` reads to
/// write the table below), so that the library needs no file of the system that has it. Only codes
/// with a letter are here: data such as GeoNames numbers regions in its own way (its `JP` `40` is
/// Tokyo, ISO's `JP-40` is Fukuoka), so a state of digits is never looked up.
public enum SubdivisionName {
  /// The ISO name of the subdivision `code` (`TX`, `NSW`) of `country`, or `nil`.
  public static func of(_ code: String, in country: String) -> String? { names[country + ":" + code] }

  /// Every subdivision of the table, in its order (by country, then code).
  public static func all() -> [(country: String, code: String, name: String)] {
    lines().map { (String($0.key.prefix(2)), String($0.key.dropFirst(3)), $0.name) }
  }

  /// Names by `country:code`, read from `table` once, by its bytes: a name is looked up for a
  /// state a database does not name, in the first such search of a process, and splitting the
  /// table's lines as characters made that search many times slower (docs/benchmarks.md, "State
  /// names").
  private static let names: [String: String] = {
    var names: [String: String] = [:]
    names.reserveCapacity(2_900)
    for (key, name) in lines() { names[key] = name }
    return names
  }()

  /// The lines of `table` as (`country:code`, name), split at their bytes.
  private static func lines() -> [(key: String, name: String)] {
    let bytes = Array(table.utf8)
    var lines: [(key: String, name: String)] = []
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
      if let tab = bytes[start..<end].firstIndex(of: UInt8(ascii: "\t")) {
        let key = String(decoding: bytes[start..<tab], as: UTF8.self)
        lines.append((key, String(decoding: bytes[(tab + 1)..<end], as: UTF8.self)))
      }
      start = end + 1
    }
    return lines
  }

  /// One subdivision a line: `country:code`, a tab, its name.
  static let table = """
    AE:AJ	‘Ajmān
    AE:AZ	Abū Z̧aby
    AE:DU	Dubayy
    AE:FU	Al Fujayrah
    AE:RK	Ra’s al Khaymah
    AE:SH	Ash Shāriqah
    AE:UQ	Umm al Qaywayn
    AF:BAL	Balkh
    AF:BAM	Bāmyān
    AF:BDG	Bādghīs
    AF:BDS	Badakhshān
    AF:BGL	Baghlān
    AF:DAY	Dāykundī
    AF:FRA	Farāh
    AF:FYB	Fāryāb
    AF:GHA	Ghaznī
    AF:GHO	Ghōr
    AF:HEL	Helmand
    AF:HER	Herāt
    AF:JOW	Jowzjān
    AF:KAB	Kābul
    AF:KAN	Kandahār
    AF:KAP	Kāpīsā
    AF:KDZ	Kunduz
    AF:KHO	Khōst
    AF:KNR	Kunaṟ
    AF:LAG	Laghmān
    AF:LOG	Lōgar
    AF:NAN	Nangarhār
    AF:NIM	Nīmrōz
    AF:NUR	Nūristān
    AF:PAN	Panjshayr
    AF:PAR	Parwān
    AF:PIA	Paktiyā
    AF:PKA	Paktīkā
    AF:SAM	Samangān
    AF:SAR	Sar-e Pul
    AF:TAK	Takhār
    AF:URU	Uruzgān
    AF:WAR	Wardak
    AF:ZAB	Zābul
    AM:AG	Aragac̣otn
    AM:AR	Ararat
    AM:AV	Armavir
    AM:ER	Erevan
    AM:GR	Geġark'unik'
    AM:KT	Kotayk'
    AM:LO	Loṙi
    AM:SH	Širak
    AM:SU	Syunik'
    AM:TV	Tavuš
    AM:VD	Vayoć Jor
    AO:BGO	Bengo
    AO:BGU	Benguela
    AO:BIE	Bié
    AO:CAB	Cabinda
    AO:CCU	Cuando Cubango
    AO:CNN	Cunene
    AO:CNO	Cuanza-Norte
    AO:CUS	Cuanza-Sul
    AO:HUA	Huambo
    AO:HUI	Huíla
    AO:LNO	Lunda-Norte
    AO:LSU	Lunda-Sul
    AO:LUA	Luanda
    AO:MAL	Malange
    AO:MOX	Moxico
    AO:NAM	Namibe
    AO:UIG	Uíge
    AO:ZAI	Zaire
    AR:A	Salta
    AR:B	Buenos Aires
    AR:C	Ciudad Autónoma de Buenos Aires
    AR:D	San Luis
    AR:E	Entre Ríos
    AR:F	La Rioja
    AR:G	Santiago del Estero
    AR:H	Chaco
    AR:J	San Juan
    AR:K	Catamarca
    AR:L	La Pampa
    AR:M	Mendoza
    AR:N	Misiones
    AR:P	Formosa
    AR:Q	Neuquén
    AR:R	Río Negro
    AR:S	Santa Fe
    AR:T	Tucumán
    AR:U	Chubut
    AR:V	Tierra del Fuego
    AR:W	Corrientes
    AR:X	Córdoba
    AR:Y	Jujuy
    AR:Z	Santa Cruz
    AU:ACT	Australian Capital Territory
    AU:NSW	New South Wales
    AU:NT	Northern Territory
    AU:QLD	Queensland
    AU:SA	South Australia
    AU:TAS	Tasmania
    AU:VIC	Victoria
    AU:WA	Western Australia
    AZ:ABS	Abşeron
    AZ:AGA	Ağstafa
    AZ:AGC	Ağcabədi
    AZ:AGM	Ağdam
    AZ:AGS	Ağdaş
    AZ:AGU	Ağsu
    AZ:AST	Astara
    AZ:BA	Bakı
    AZ:BAB	Babək
    AZ:BAL	Balakən
    AZ:BAR	Bərdə
    AZ:BEY	Beyləqan
    AZ:BIL	Biləsuvar
    AZ:CAB	Cəbrayıl
    AZ:CAL	Cəlilabad
    AZ:CUL	Culfa
    AZ:DAS	Daşkəsən
    AZ:FUZ	Füzuli
    AZ:GA	Gəncə
    AZ:GAD	Gədəbəy
    AZ:GOR	Goranboy
    AZ:GOY	Göyçay
    AZ:GYG	Göygöl
    AZ:HAC	Hacıqabul
    AZ:IMI	İmişli
    AZ:ISM	İsmayıllı
    AZ:KAL	Kəlbəcər
    AZ:KAN	Kǝngǝrli
    AZ:KUR	Kürdəmir
    AZ:LA	Lənkəran
    AZ:LAC	Laçın
    AZ:LAN	Lənkəran
    AZ:LER	Lerik
    AZ:MAS	Masallı
    AZ:MI	Mingəçevir
    AZ:NA	Naftalan
    AZ:NEF	Neftçala
    AZ:NV	Naxçıvan
    AZ:NX	Naxçıvan
    AZ:OGU	Oğuz
    AZ:ORD	Ordubad
    AZ:QAB	Qəbələ
    AZ:QAX	Qax
    AZ:QAZ	Qazax
    AZ:QBA	Quba
    AZ:QBI	Qubadlı
    AZ:QOB	Qobustan
    AZ:QUS	Qusar
    AZ:SA	Şəki
    AZ:SAB	Sabirabad
    AZ:SAD	Sədərək
    AZ:SAH	Şahbuz
    AZ:SAK	Şəki
    AZ:SAL	Salyan
    AZ:SAR	Şərur
    AZ:SAT	Saatlı
    AZ:SBN	Şabran
    AZ:SIY	Siyəzən
    AZ:SKR	Şəmkir
    AZ:SM	Sumqayıt
    AZ:SMI	Şamaxı
    AZ:SMX	Samux
    AZ:SR	Şirvan
    AZ:SUS	Şuşa
    AZ:TAR	Tərtər
    AZ:TOV	Tovuz
    AZ:UCA	Ucar
    AZ:XA	Xankəndi
    AZ:XAC	Xaçmaz
    AZ:XCI	Xocalı
    AZ:XIZ	Xızı
    AZ:XVD	Xocavənd
    AZ:YAR	Yardımlı
    AZ:YE	Yevlax
    AZ:YEV	Yevlax
    AZ:ZAN	Zəngilan
    AZ:ZAQ	Zaqatala
    AZ:ZAR	Zərdab
    BA:BIH	Federacija Bosne i Hercegovine
    BA:BRC	Brčko distrikt
    BA:SRP	Republika Srpska
    BD:A	Barishal
    BD:B	Chattogram
    BD:C	Dhaka
    BD:D	Khulna
    BD:E	Rajshahi
    BD:F	Rangpur
    BD:G	Sylhet
    BD:H	Mymensingh
    BE:BRU	Brussels Hoofdstedelijk Gewest
    BE:VAN	Antwerpen
    BE:VBR	Vlaams-Brabant
    BE:VLG	Vlaams Gewest
    BE:VLI	Limburg
    BE:VOV	Oost-Vlaanderen
    BE:VWV	West-Vlaanderen
    BE:WAL	wallonne, Région
    BE:WBR	Brabant wallon
    BE:WHT	Hainaut
    BE:WLG	Liège
    BE:WLX	Luxembourg
    BE:WNA	Namur
    BF:BAL	Balé
    BF:BAM	Bam
    BF:BAN	Banwa
    BF:BAZ	Bazèga
    BF:BGR	Bougouriba
    BF:BLG	Boulgou
    BF:BLK	Boulkiemdé
    BF:COM	Comoé
    BF:GAN	Ganzourgou
    BF:GNA	Gnagna
    BF:GOU	Gourma
    BF:HOU	Houet
    BF:IOB	Ioba
    BF:KAD	Kadiogo
    BF:KEN	Kénédougou
    BF:KMD	Komondjari
    BF:KMP	Kompienga
    BF:KOP	Koulpélogo
    BF:KOS	Kossi
    BF:KOT	Kouritenga
    BF:KOW	Kourwéogo
    BF:LER	Léraba
    BF:LOR	Loroum
    BF:MOU	Mouhoun
    BF:NAM	Namentenga
    BF:NAO	Nahouri
    BF:NAY	Nayala
    BF:NOU	Noumbiel
    BF:OUB	Oubritenga
    BF:OUD	Oudalan
    BF:PAS	Passoré
    BF:PON	Poni
    BF:SEN	Séno
    BF:SIS	Sissili
    BF:SMT	Sanmatenga
    BF:SNG	Sanguié
    BF:SOM	Soum
    BF:SOR	Sourou
    BF:TAP	Tapoa
    BF:TUI	Tuy
    BF:YAG	Yagha
    BF:YAT	Yatenga
    BF:ZIR	Ziro
    BF:ZON	Zondoma
    BF:ZOU	Zoundwéogo
    BI:BB	Bubanza
    BI:BL	Bujumbura Rural
    BI:BM	Bujumbura Mairie
    BI:BR	Bururi
    BI:CA	Cankuzo
    BI:CI	Cibitoke
    BI:GI	Gitega
    BI:KI	Kirundo
    BI:KR	Karuzi
    BI:KY	Kayanza
    BI:MA	Makamba
    BI:MU	Muramvya
    BI:MW	Mwaro
    BI:MY	Muyinga
    BI:NG	Ngozi
    BI:RM	Rumonge
    BI:RT	Rutana
    BI:RY	Ruyigi
    BJ:AK	Atacora
    BJ:AL	Alibori
    BJ:AQ	Atlantique
    BJ:BO	Borgou
    BJ:CO	Collines
    BJ:DO	Donga
    BJ:KO	Couffo
    BJ:LI	Littoral
    BJ:MO	Mono
    BJ:OU	Ouémé
    BJ:PL	Plateau
    BJ:ZO	Zou
    BN:BE	Belait
    BN:BM	Brunei-Muara
    BN:TE	Temburong
    BN:TU	Tutong
    BO:B	El Beni
    BO:C	Cochabamba
    BO:H	Chuquisaca
    BO:L	La Paz
    BO:N	Pando
    BO:O	Oruro
    BO:P	Potosí
    BO:S	Santa Cruz
    BO:T	Tarija
    BQ:BO	Bonaire
    BQ:SA	Saba
    BQ:SE	Sint Eustatius
    BR:AC	Acre
    BR:AL	Alagoas
    BR:AM	Amazonas
    BR:AP	Amapá
    BR:BA	Bahia
    BR:CE	Ceará
    BR:DF	Distrito Federal
    BR:ES	Espírito Santo
    BR:GO	Goiás
    BR:MA	Maranhão
    BR:MG	Minas Gerais
    BR:MS	Mato Grosso do Sul
    BR:MT	Mato Grosso
    BR:PA	Pará
    BR:PB	Paraíba
    BR:PE	Pernambuco
    BR:PI	Piauí
    BR:PR	Paraná
    BR:RJ	Rio de Janeiro
    BR:RN	Rio Grande do Norte
    BR:RO	Rondônia
    BR:RR	Roraima
    BR:RS	Rio Grande do Sul
    BR:SC	Santa Catarina
    BR:SE	Sergipe
    BR:SP	São Paulo
    BR:TO	Tocantins
    BS:AK	Acklins
    BS:BI	Bimini
    BS:BP	Black Point
    BS:BY	Berry Islands
    BS:CE	Central Eleuthera
    BS:CI	Cat Island
    BS:CK	Crooked Island and Long Cay
    BS:CO	Central Abaco
    BS:CS	Central Andros
    BS:EG	East Grand Bahama
    BS:EX	Exuma
    BS:FP	City of Freeport
    BS:GC	Grand Cay
    BS:HI	Harbour Island
    BS:HT	Hope Town
    BS:IN	Inagua
    BS:LI	Long Island
    BS:MC	Mangrove Cay
    BS:MG	Mayaguana
    BS:MI	Moore's Island
    BS:NE	North Eleuthera
    BS:NO	North Abaco
    BS:NP	New Providence
    BS:NS	North Andros
    BS:RC	Rum Cay
    BS:RI	Ragged Island
    BS:SA	South Andros
    BS:SE	South Eleuthera
    BS:SO	South Abaco
    BS:SS	San Salvador
    BS:SW	Spanish Wells
    BS:WG	West Grand Bahama
    BT:GA	Gasa
    BT:TY	Trashi Yangtse
    BW:CE	Central
    BW:CH	Chobe
    BW:FR	Francistown
    BW:GA	Gaborone
    BW:GH	Ghanzi
    BW:JW	Jwaneng
    BW:KG	Kgalagadi
    BW:KL	Kgatleng
    BW:KW	Kweneng
    BW:LO	Lobatse
    BW:NE	North East
    BW:NW	North West
    BW:SE	South East
    BW:SO	Southern
    BW:SP	Selibe Phikwe
    BW:ST	Sowa Town
    BY:BR	Bresckaja voblasć
    BY:HM	Gorod Minsk
    BY:HO	Gomel'skaja oblast'
    BY:HR	Grodnenskaja oblast'
    BY:MA	Mahilioŭskaja voblasć
    BY:MI	Minskaja oblast'
    BY:VI	Viciebskaja voblasć
    BZ:BZ	Belize
    BZ:CY	Cayo
    BZ:CZL	Corozal
    BZ:OW	Orange Walk
    BZ:SC	Stann Creek
    BZ:TOL	Toledo
    CA:AB	Alberta
    CA:BC	British Columbia
    CA:MB	Manitoba
    CA:NB	New Brunswick
    CA:NL	Newfoundland and Labrador
    CA:NS	Nova Scotia
    CA:NT	Northwest Territories
    CA:NU	Nunavut
    CA:ON	Ontario
    CA:PE	Prince Edward Island
    CA:QC	Quebec
    CA:SK	Saskatchewan
    CA:YT	Yukon
    CD:BC	Kongo Central
    CD:BU	Bas-Uélé
    CD:EQ	Équateur
    CD:HK	Haut-Katanga
    CD:HL	Haut-Lomami
    CD:HU	Haut-Uélé
    CD:IT	Ituri
    CD:KC	Kasaï Central
    CD:KE	Kasaï Oriental
    CD:KG	Kwango
    CD:KL	Kwilu
    CD:KN	Kinshasa
    CD:KS	Kasaï
    CD:LO	Lomami
    CD:LU	Lualaba
    CD:MA	Maniema
    CD:MN	Mai-Ndombe
    CD:MO	Mongala
    CD:NK	Nord-Kivu
    CD:NU	Nord-Ubangi
    CD:SA	Sankuru
    CD:SK	Sud-Kivu
    CD:SU	Sud-Ubangi
    CD:TA	Tanganyika
    CD:TO	Tshopo
    CD:TU	Tshuapa
    CF:AC	Ouham
    CF:BB	Bamingui-Bangoran
    CF:BGF	Bangui
    CF:BK	Basse-Kotto
    CF:HK	Haute-Kotto
    CF:HM	Haut-Mbomou
    CF:HS	Haute-Sangha / Mambéré-Kadéï
    CF:KB	Gribingui
    CF:KG	Kemö-Gïrïbïngï
    CF:LB	Lobaye
    CF:MB	Mbomou
    CF:MP	Ombella-Mpoko
    CF:NM	Nana-Mambéré
    CF:OP	Ouham-Pendé
    CF:SE	Sangha
    CF:UK	Ouaka
    CF:VK	Vakaga
    CG:BZV	Brazzaville
    CH:AG	Aargau
    CH:AI	Appenzell Innerrhoden
    CH:AR	Appenzell Ausserrhoden
    CH:BE	Bern
    CH:BL	Basel-Landschaft
    CH:BS	Basel-Stadt
    CH:FR	Freiburg
    CH:GE	Genève
    CH:GL	Glarus
    CH:GR	Graubünden
    CH:JU	Jura
    CH:LU	Luzern
    CH:NE	Neuchâtel
    CH:NW	Nidwalden
    CH:OW	Obwalden
    CH:SG	Sankt Gallen
    CH:SH	Schaffhausen
    CH:SO	Solothurn
    CH:SZ	Schwyz
    CH:TG	Thurgau
    CH:TI	Ticino
    CH:UR	Uri
    CH:VD	Vaud
    CH:VS	Valais
    CH:ZG	Zug
    CH:ZH	Zürich
    CI:AB	Abidjan
    CI:BS	Bas-Sassandra
    CI:CM	Comoé
    CI:DN	Denguélé
    CI:GD	Gôh-Djiboua
    CI:LC	Lacs
    CI:LG	Lagunes
    CI:MG	Montagnes
    CI:SM	Sassandra-Marahoué
    CI:SV	Savanes
    CI:VB	Vallée du Bandama
    CI:WR	Woroba
    CI:YM	Yamoussoukro
    CI:ZZ	Zanzan
    CL:AI	Aisén del General Carlos Ibañez del Campo
    CL:AN	Antofagasta
    CL:AP	Arica y Parinacota
    CL:AR	La Araucanía
    CL:AT	Atacama
    CL:BI	Biobío
    CL:CO	Coquimbo
    CL:LI	Libertador General Bernardo O'Higgins
    CL:LL	Los Lagos
    CL:LR	Los Ríos
    CL:MA	Magallanes
    CL:ML	Maule
    CL:NB	Ñuble
    CL:RM	Región Metropolitana de Santiago
    CL:TA	Tarapacá
    CL:VS	Valparaíso
    CM:AD	Adamaoua
    CM:CE	Centre
    CM:EN	Far North
    CM:ES	East
    CM:LT	Littoral
    CM:NO	North
    CM:NW	North-West
    CM:OU	West
    CM:SU	South
    CM:SW	South-West
    CN:AH	Anhui Sheng
    CN:BJ	Beijing Shi
    CN:CQ	Chongqing Shi
    CN:FJ	Fujian Sheng
    CN:GD	Guangdong Sheng
    CN:GS	Gansu Sheng
    CN:GX	Guangxi Zhuangzu Zizhiqu
    CN:GZ	Guizhou Sheng
    CN:HA	Henan Sheng
    CN:HB	Hubei Sheng
    CN:HE	Hebei Sheng
    CN:HI	Hainan Sheng
    CN:HK	Hong Kong SAR
    CN:HL	Heilongjiang Sheng
    CN:HN	Hunan Sheng
    CN:JL	Jilin Sheng
    CN:JS	Jiangsu Sheng
    CN:JX	Jiangxi Sheng
    CN:LN	Liaoning Sheng
    CN:MO	Macao SAR
    CN:NM	Nei Mongol Zizhiqu
    CN:NX	Ningxia Huizi Zizhiqu
    CN:QH	Qinghai Sheng
    CN:SC	Sichuan Sheng
    CN:SD	Shandong Sheng
    CN:SH	Shanghai Shi
    CN:SN	Shaanxi Sheng
    CN:SX	Shanxi Sheng
    CN:TJ	Tianjin Shi
    CN:TW	Taiwan Sheng
    CN:XJ	Xinjiang Uygur Zizhiqu
    CN:XZ	Xizang Zizhiqu
    CN:YN	Yunnan Sheng
    CN:ZJ	Zhejiang Sheng
    CO:AMA	Amazonas
    CO:ANT	Antioquia
    CO:ARA	Arauca
    CO:ATL	Atlántico
    CO:BOL	Bolívar
    CO:BOY	Boyacá
    CO:CAL	Caldas
    CO:CAQ	Caquetá
    CO:CAS	Casanare
    CO:CAU	Cauca
    CO:CES	Cesar
    CO:CHO	Chocó
    CO:COR	Córdoba
    CO:CUN	Cundinamarca
    CO:DC	Distrito Capital de Bogotá
    CO:GUA	Guainía
    CO:GUV	Guaviare
    CO:HUI	Huila
    CO:LAG	La Guajira
    CO:MAG	Magdalena
    CO:MET	Meta
    CO:NAR	Nariño
    CO:NSA	Norte de Santander
    CO:PUT	Putumayo
    CO:QUI	Quindío
    CO:RIS	Risaralda
    CO:SAN	Santander
    CO:SAP	San Andrés, Providencia y Santa Catalina
    CO:SUC	Sucre
    CO:TOL	Tolima
    CO:VAC	Valle del Cauca
    CO:VAU	Vaupés
    CO:VID	Vichada
    CR:A	Alajuela
    CR:C	Cartago
    CR:G	Guanacaste
    CR:H	Heredia
    CR:L	Limón
    CR:P	Puntarenas
    CR:SJ	San José
    CV:B	Ilhas de Barlavento
    CV:BR	Brava
    CV:BV	Boa Vista
    CV:CA	Santa Catarina
    CV:CF	Santa Catarina do Fogo
    CV:CR	Santa Cruz
    CV:MA	Maio
    CV:MO	Mosteiros
    CV:PA	Paul
    CV:PN	Porto Novo
    CV:PR	Praia
    CV:RB	Ribeira Brava
    CV:RG	Ribeira Grande
    CV:RS	Ribeira Grande de Santiago
    CV:S	Ilhas de Sotavento
    CV:SD	São Domingos
    CV:SF	São Filipe
    CV:SL	Sal
    CV:SM	São Miguel
    CV:SO	São Lourenço dos Órgãos
    CV:SS	São Salvador do Mundo
    CV:SV	São Vicente
    CV:TA	Tarrafal
    CV:TS	Tarrafal de São Nicolau
    CZ:20A	Praha-západ
    CZ:20B	Příbram
    CZ:20C	Rakovník
    DE:BB	Brandenburg
    DE:BE	Berlin
    DE:BW	Baden-Württemberg
    DE:BY	Bayern
    DE:HB	Bremen
    DE:HE	Hessen
    DE:HH	Hamburg
    DE:MV	Mecklenburg-Vorpommern
    DE:NI	Niedersachsen
    DE:NW	Nordrhein-Westfalen
    DE:RP	Rheinland-Pfalz
    DE:SH	Schleswig-Holstein
    DE:SL	Saarland
    DE:SN	Sachsen
    DE:ST	Sachsen-Anhalt
    DE:TH	Thüringen
    DJ:AR	Arta
    DJ:AS	Ali Sabieh
    DJ:DI	Dikhil
    DJ:DJ	Djibouti
    DJ:OB	Awbūk
    DJ:TA	Tadjourah
    EC:A	Azuay
    EC:B	Bolívar
    EC:C	Carchi
    EC:D	Orellana
    EC:E	Esmeraldas
    EC:F	Cañar
    EC:G	Guayas
    EC:H	Chimborazo
    EC:I	Imbabura
    EC:L	Loja
    EC:M	Manabí
    EC:N	Napo
    EC:O	El Oro
    EC:P	Pichincha
    EC:R	Los Ríos
    EC:S	Morona Santiago
    EC:SD	Santo Domingo de los Tsáchilas
    EC:SE	Santa Elena
    EC:T	Tungurahua
    EC:U	Sucumbíos
    EC:W	Galápagos
    EC:X	Cotopaxi
    EC:Y	Pastaza
    EC:Z	Zamora Chinchipe
    EG:ALX	Al Iskandarīyah
    EG:ASN	Aswān
    EG:AST	Asyūţ
    EG:BA	Al Baḩr al Aḩmar
    EG:BH	Al Buḩayrah
    EG:BNS	Banī Suwayf
    EG:C	Al Qāhirah
    EG:DK	Ad Daqahlīyah
    EG:DT	Dumyāţ
    EG:FYM	Al Fayyūm
    EG:GH	Al Gharbīyah
    EG:GZ	Al Jīzah
    EG:IS	Al Ismā'īlīyah
    EG:JS	Janūb Sīnā'
    EG:KB	Al Qalyūbīyah
    EG:KFS	Kafr ash Shaykh
    EG:KN	Qinā
    EG:LX	Al Uqşur
    EG:MN	Al Minyā
    EG:MNF	Al Minūfīyah
    EG:MT	Maţrūḩ
    EG:PTS	Būr Sa‘īd
    EG:SHG	Sūhāj
    EG:SHR	Ash Sharqīyah
    EG:SIN	Shamāl Sīnā'
    EG:SUZ	As Suways
    EG:WAD	Al Wādī al Jadīd
    ER:AN	Ansabā
    ER:DK	Debubawi K’eyyĭḥ Baḥri
    ER:DU	Al Janūbī
    ER:GB	Gash-Barka
    ER:MA	Al Awsaţ
    ER:SK	Semienawi K’eyyĭḥ Baḥri
    ES:A	Alacant*
    ES:AB	Albacete
    ES:AL	Almería
    ES:AN	Andalucía
    ES:AR	Aragón
    ES:AS	Asturias, Principado de
    ES:AV	Ávila
    ES:B	Barcelona [Barcelona]
    ES:BA	Badajoz
    ES:BI	Bizkaia
    ES:BU	Burgos
    ES:C	A Coruña [La Coruña]
    ES:CA	Cádiz
    ES:CB	Cantabria
    ES:CC	Cáceres
    ES:CE	Ceuta
    ES:CL	Castilla y León
    ES:CM	Castilla-La Mancha
    ES:CN	Canarias
    ES:CO	Córdoba
    ES:CR	Ciudad Real
    ES:CS	Castelló*
    ES:CT	Catalunya [Cataluña]
    ES:CU	Cuenca
    ES:EX	Extremadura
    ES:GA	Galicia [Galicia]
    ES:GC	Las Palmas
    ES:GI	Girona [Gerona]
    ES:GR	Granada
    ES:GU	Guadalajara
    ES:H	Huelva
    ES:HU	Huesca
    ES:IB	Illes Balears [Islas Baleares]
    ES:J	Jaén
    ES:L	Lleida [Lérida]
    ES:LE	León
    ES:LO	La Rioja
    ES:LU	Lugo [Lugo]
    ES:M	Madrid
    ES:MA	Málaga
    ES:MC	Murcia, Región de
    ES:MD	Madrid, Comunidad de
    ES:ML	Melilla
    ES:MU	Murcia
    ES:NA	Nafarroa*
    ES:NC	Nafarroako Foru Komunitatea*
    ES:O	Asturias
    ES:OR	Ourense [Orense]
    ES:P	Palencia
    ES:PM	Illes Balears [Islas Baleares]
    ES:PO	Pontevedra [Pontevedra]
    ES:PV	Euskal Herria
    ES:RI	La Rioja
    ES:S	Cantabria
    ES:SA	Salamanca
    ES:SE	Sevilla
    ES:SG	Segovia
    ES:SO	Soria
    ES:SS	Gipuzkoa
    ES:T	Tarragona [Tarragona]
    ES:TE	Teruel
    ES:TF	Santa Cruz de Tenerife
    ES:TO	Toledo
    ES:V	Valencia
    ES:VA	Valladolid
    ES:VC	Valenciana, Comunidad
    ES:VI	Araba*
    ES:Z	Zaragoza
    ES:ZA	Zamora
    ET:AA	Addis Ababa
    ET:AF	Afar
    ET:AM	Amara
    ET:BE	Benshangul-Gumaz
    ET:DD	Dire Dawa
    ET:GA	Gambela Peoples
    ET:HA	Harari People
    ET:OR	Oromia
    ET:SN	Southern Nations, Nationalities and Peoples
    ET:SO	Somali
    ET:TI	Tigrai
    FJ:C	Central
    FJ:E	Eastern
    FJ:N	Northern
    FJ:R	Rotuma
    FJ:W	Western
    FM:KSA	Kosrae
    FM:PNI	Pohnpei
    FM:TRK	Chuuk
    FM:YAP	Yap
    FR:20R	Corse
    FR:2A	Corse-du-Sud
    FR:2B	Haute-Corse
    FR:ARA	Auvergne-Rhône-Alpes
    FR:BFC	Bourgogne-Franche-Comté
    FR:BL	Saint-Barthélemy
    FR:BRE	Bretagne
    FR:CP	Clipperton
    FR:CVL	Centre-Val de Loire
    FR:GES	Grand-Est
    FR:GF	Guyane (française)
    FR:GP	Guadeloupe
    FR:HDF	Hauts-de-France
    FR:IDF	Île-de-France
    FR:MF	Saint-Martin
    FR:MQ	Martinique
    FR:NAQ	Nouvelle-Aquitaine
    FR:NC	Nouvelle-Calédonie
    FR:NOR	Normandie
    FR:OCC	Occitanie
    FR:PAC	Provence-Alpes-Côte-d’Azur
    FR:PDL	Pays-de-la-Loire
    FR:PF	Polynésie française
    FR:PM	Saint-Pierre-et-Miquelon
    FR:RE	La Réunion
    FR:TF	Terres australes françaises
    FR:WF	Wallis-et-Futuna
    FR:YT	Mayotte
    GB:ABC	Armagh City, Banbridge and Craigavon
    GB:ABD	Aberdeenshire
    GB:ABE	Aberdeen City
    GB:AGB	Argyll and Bute
    GB:AGY	Isle of Anglesey [Sir Ynys Môn GB-YNM]
    GB:AND	Ards and North Down
    GB:ANN	Antrim and Newtownabbey
    GB:ANS	Angus
    GB:BAS	Bath and North East Somerset
    GB:BBD	Blackburn with Darwen
    GB:BCP	Bournemouth, Christchurch and Poole
    GB:BDF	Bedford
    GB:BDG	Barking and Dagenham
    GB:BEN	Brent
    GB:BEX	Bexley
    GB:BFS	Belfast City
    GB:BGE	Bridgend [Pen-y-bont ar Ogwr GB-POG]
    GB:BGW	Blaenau Gwent
    GB:BIR	Birmingham
    GB:BKM	Buckinghamshire
    GB:BNE	Barnet
    GB:BNH	Brighton and Hove
    GB:BNS	Barnsley
    GB:BOL	Bolton
    GB:BPL	Blackpool
    GB:BRC	Bracknell Forest
    GB:BRD	Bradford
    GB:BRY	Bromley
    GB:BST	Bristol, City of
    GB:BUR	Bury
    GB:CAM	Cambridgeshire
    GB:CAY	Caerphilly [Caerffili GB-CAF]
    GB:CBF	Central Bedfordshire
    GB:CCG	Causeway Coast and Glens
    GB:CGN	Ceredigion [Sir Ceredigion]
    GB:CHE	Cheshire East
    GB:CHW	Cheshire West and Chester
    GB:CLD	Calderdale
    GB:CLK	Clackmannanshire
    GB:CMA	Cumbria
    GB:CMD	Camden
    GB:CMN	Carmarthenshire [Sir Gaerfyrddin GB-GFY]
    GB:CON	Cornwall
    GB:COV	Coventry
    GB:CRF	Cardiff [Caerdydd GB-CRD]
    GB:CRY	Croydon
    GB:CWY	Conwy
    GB:DAL	Darlington
    GB:DBY	Derbyshire
    GB:DEN	Denbighshire [Sir Ddinbych GB-DDB]
    GB:DER	Derby
    GB:DEV	Devon
    GB:DGY	Dumfries and Galloway
    GB:DNC	Doncaster
    GB:DND	Dundee City
    GB:DOR	Dorset
    GB:DRS	Derry and Strabane
    GB:DUD	Dudley
    GB:DUR	Durham, County
    GB:EAL	Ealing
    GB:EAY	East Ayrshire
    GB:EDH	Edinburgh, City of
    GB:EDU	East Dunbartonshire
    GB:ELN	East Lothian
    GB:ELS	Eilean Siar
    GB:ENF	Enfield
    GB:ENG	England
    GB:ERW	East Renfrewshire
    GB:ERY	East Riding of Yorkshire
    GB:ESS	Essex
    GB:ESX	East Sussex
    GB:FAL	Falkirk
    GB:FIF	Fife
    GB:FLN	Flintshire [Sir y Fflint GB-FFL]
    GB:FMO	Fermanagh and Omagh
    GB:GAT	Gateshead
    GB:GLG	Glasgow City
    GB:GLS	Gloucestershire
    GB:GRE	Greenwich
    GB:GWN	Gwynedd
    GB:HAL	Halton
    GB:HAM	Hampshire
    GB:HAV	Havering
    GB:HCK	Hackney
    GB:HEF	Herefordshire
    GB:HIL	Hillingdon
    GB:HLD	Highland
    GB:HMF	Hammersmith and Fulham
    GB:HNS	Hounslow
    GB:HPL	Hartlepool
    GB:HRT	Hertfordshire
    GB:HRW	Harrow
    GB:HRY	Haringey
    GB:IOS	Isles of Scilly
    GB:IOW	Isle of Wight
    GB:ISL	Islington
    GB:IVC	Inverclyde
    GB:KEC	Kensington and Chelsea
    GB:KEN	Kent
    GB:KHL	Kingston upon Hull
    GB:KIR	Kirklees
    GB:KTT	Kingston upon Thames
    GB:KWL	Knowsley
    GB:LAN	Lancashire
    GB:LBC	Lisburn and Castlereagh
    GB:LBH	Lambeth
    GB:LCE	Leicester
    GB:LDS	Leeds
    GB:LEC	Leicestershire
    GB:LEW	Lewisham
    GB:LIN	Lincolnshire
    GB:LIV	Liverpool
    GB:LND	London, City of
    GB:LUT	Luton
    GB:MAN	Manchester
    GB:MDB	Middlesbrough
    GB:MDW	Medway
    GB:MEA	Mid and East Antrim
    GB:MIK	Milton Keynes
    GB:MLN	Midlothian
    GB:MON	Monmouthshire [Sir Fynwy GB-FYN]
    GB:MRT	Merton
    GB:MRY	Moray
    GB:MTY	Merthyr Tydfil [Merthyr Tudful GB-MTU]
    GB:MUL	Mid-Ulster
    GB:NAY	North Ayrshire
    GB:NBL	Northumberland
    GB:NEL	North East Lincolnshire
    GB:NET	Newcastle upon Tyne
    GB:NFK	Norfolk
    GB:NGM	Nottingham
    GB:NIR	Northern Ireland
    GB:NLK	North Lanarkshire
    GB:NLN	North Lincolnshire
    GB:NMD	Newry, Mourne and Down
    GB:NSM	North Somerset
    GB:NTH	Northamptonshire
    GB:NTL	Neath Port Talbot [Castell-nedd Port Talbot GB-CTL]
    GB:NTT	Nottinghamshire
    GB:NTY	North Tyneside
    GB:NWM	Newham
    GB:NWP	Newport [Casnewydd GB-CNW]
    GB:NYK	North Yorkshire
    GB:OLD	Oldham
    GB:ORK	Orkney Islands
    GB:OXF	Oxfordshire
    GB:PEM	Pembrokeshire [Sir Benfro GB-BNF]
    GB:PKN	Perth and Kinross
    GB:PLY	Plymouth
    GB:POR	Portsmouth
    GB:POW	Powys
    GB:PTE	Peterborough
    GB:RCC	Redcar and Cleveland
    GB:RCH	Rochdale
    GB:RCT	Rhondda Cynon Taff [Rhondda CynonTaf]
    GB:RDB	Redbridge
    GB:RDG	Reading
    GB:RFW	Renfrewshire
    GB:RIC	Richmond upon Thames
    GB:ROT	Rotherham
    GB:RUT	Rutland
    GB:SAW	Sandwell
    GB:SAY	South Ayrshire
    GB:SCB	Scottish Borders
    GB:SCT	Scotland
    GB:SFK	Suffolk
    GB:SFT	Sefton
    GB:SGC	South Gloucestershire
    GB:SHF	Sheffield
    GB:SHN	St. Helens
    GB:SHR	Shropshire
    GB:SKP	Stockport
    GB:SLF	Salford
    GB:SLG	Slough
    GB:SLK	South Lanarkshire
    GB:SND	Sunderland
    GB:SOL	Solihull
    GB:SOM	Somerset
    GB:SOS	Southend-on-Sea
    GB:SRY	Surrey
    GB:STE	Stoke-on-Trent
    GB:STG	Stirling
    GB:STH	Southampton
    GB:STN	Sutton
    GB:STS	Staffordshire
    GB:STT	Stockton-on-Tees
    GB:STY	South Tyneside
    GB:SWA	Swansea [Abertawe GB-ATA]
    GB:SWD	Swindon
    GB:SWK	Southwark
    GB:TAM	Tameside
    GB:TFW	Telford and Wrekin
    GB:THR	Thurrock
    GB:TOB	Torbay
    GB:TOF	Torfaen [Tor-faen]
    GB:TRF	Trafford
    GB:TWH	Tower Hamlets
    GB:VGL	Vale of Glamorgan, The [Bro Morgannwg GB-BMG]
    GB:WAR	Warwickshire
    GB:WBK	West Berkshire
    GB:WDU	West Dunbartonshire
    GB:WFT	Waltham Forest
    GB:WGN	Wigan
    GB:WIL	Wiltshire
    GB:WKF	Wakefield
    GB:WLL	Walsall
    GB:WLN	West Lothian
    GB:WLS	Wales [Cymru GB-CYM]
    GB:WLV	Wolverhampton
    GB:WND	Wandsworth
    GB:WNM	Windsor and Maidenhead
    GB:WOK	Wokingham
    GB:WOR	Worcestershire
    GB:WRL	Wirral
    GB:WRT	Warrington
    GB:WRX	Wrexham [Wrecsam GB-WRC]
    GB:WSM	Westminster
    GB:WSX	West Sussex
    GB:YOR	York
    GB:ZET	Shetland Islands
    GE:AB	Abkhazia
    GE:AJ	Ajaria
    GE:GU	Guria
    GE:IM	Imereti
    GE:KA	K'akheti
    GE:KK	Kvemo Kartli
    GE:MM	Mtskheta-Mtianeti
    GE:RL	Rach'a-Lechkhumi-Kvemo Svaneti
    GE:SJ	Samtskhe-Javakheti
    GE:SK	Shida Kartli
    GE:SZ	Samegrelo-Zemo Svaneti
    GE:TB	Tbilisi
    GH:AA	Greater Accra
    GH:AF	Ahafo
    GH:AH	Ashanti
    GH:BE	Bono East
    GH:BO	Bono
    GH:CP	Central
    GH:EP	Eastern
    GH:NE	North East
    GH:NP	Northern
    GH:OT	Oti
    GH:SV	Savannah
    GH:TV	Volta
    GH:UE	Upper East
    GH:UW	Upper West
    GH:WN	Western North
    GH:WP	Western
    GL:AV	Avannaata Kommunia
    GL:KU	Kommune Kujalleq
    GL:QE	Qeqqata Kommunia
    GL:QT	Kommune Qeqertalik
    GL:SM	Kommuneqarfik Sermersooq
    GM:B	Banjul
    GM:L	Lower River
    GM:M	Central River
    GM:N	North Bank
    GM:U	Upper River
    GM:W	Western
    GN:B	Boké
    GN:BE	Beyla
    GN:BF	Boffa
    GN:BK	Boké
    GN:C	Conakry
    GN:CO	Coyah
    GN:D	Kindia
    GN:DB	Dabola
    GN:DI	Dinguiraye
    GN:DL	Dalaba
    GN:DU	Dubréka
    GN:F	Faranah
    GN:FA	Faranah
    GN:FO	Forécariah
    GN:FR	Fria
    GN:GA	Gaoual
    GN:GU	Guékédou
    GN:K	Kankan
    GN:KA	Kankan
    GN:KB	Koubia
    GN:KD	Kindia
    GN:KE	Kérouané
    GN:KN	Koundara
    GN:KO	Kouroussa
    GN:KS	Kissidougou
    GN:L	Labé
    GN:LA	Labé
    GN:LE	Lélouma
    GN:LO	Lola
    GN:M	Mamou
    GN:MC	Macenta
    GN:MD	Mandiana
    GN:ML	Mali
    GN:MM	Mamou
    GN:N	Nzérékoré
    GN:NZ	Nzérékoré
    GN:PI	Pita
    GN:SI	Siguiri
    GN:TE	Télimélé
    GN:TO	Tougué
    GN:YO	Yomou
    GQ:AN	Annobon
    GQ:BN	Bioko Nord
    GQ:BS	Bioko Sud
    GQ:C	Região Continental
    GQ:CS	Centro Sud
    GQ:DJ	Djibloho
    GQ:I	Região Insular
    GQ:KN	Kié-Ntem
    GQ:LI	Litoral
    GQ:WN	Wele-Nzas
    GR:A	Anatolikí Makedonía kai Thráki
    GR:B	Kentrikí Makedonía
    GR:C	Dytikí Makedonía
    GR:D	Ípeiros
    GR:E	Thessalía
    GR:F	Ionía Nísia
    GR:G	Dytikí Elláda
    GR:H	Stereá Elláda
    GR:I	Attikí
    GR:J	Pelopónnisos
    GR:K	Vóreio Aigaío
    GR:L	Nótio Aigaío
    GR:M	Kríti
    GT:AV	Alta Verapaz
    GT:BV	Baja Verapaz
    GT:CM	Chimaltenango
    GT:CQ	Chiquimula
    GT:ES	Escuintla
    GT:GU	Guatemala
    GT:HU	Huehuetenango
    GT:IZ	Izabal
    GT:JA	Jalapa
    GT:JU	Jutiapa
    GT:PE	Petén
    GT:PR	El Progreso
    GT:QC	Quiché
    GT:QZ	Quetzaltenango
    GT:RE	Retalhuleu
    GT:SA	Sacatepéquez
    GT:SM	San Marcos
    GT:SO	Sololá
    GT:SR	Santa Rosa
    GT:SU	Suchitepéquez
    GT:TO	Totonicapán
    GT:ZA	Zacapa
    GW:BA	Bafatá
    GW:BL	Bolama / Bijagós
    GW:BM	Biombo
    GW:BS	Bissau
    GW:CA	Cacheu
    GW:GA	Gabú
    GW:L	Leste
    GW:N	Norte
    GW:OI	Oio
    GW:QU	Quinara
    GW:S	Sul
    GW:TO	Tombali
    GY:BA	Barima-Waini
    GY:CU	Cuyuni-Mazaruni
    GY:DE	Demerara-Mahaica
    GY:EB	East Berbice-Corentyne
    GY:ES	Essequibo Islands-West Demerara
    GY:MA	Mahaica-Berbice
    GY:PM	Pomeroon-Supenaam
    GY:PT	Potaro-Siparuni
    GY:UD	Upper Demerara-Berbice
    GY:UT	Upper Takutu-Upper Essequibo
    HN:AT	Atlántida
    HN:CH	Choluteca
    HN:CL	Colón
    HN:CM	Comayagua
    HN:CP	Copán
    HN:CR	Cortés
    HN:EP	El Paraíso
    HN:FM	Francisco Morazán
    HN:GD	Gracias a Dios
    HN:IB	Islas de la Bahía
    HN:IN	Intibucá
    HN:LE	Lempira
    HN:LP	La Paz
    HN:OC	Ocotepeque
    HN:OL	Olancho
    HN:SB	Santa Bárbara
    HN:VA	Valle
    HN:YO	Yoro
    HT:AR	Artibonite
    HT:CE	Centre
    HT:GA	Grandans
    HT:ND	Nord
    HT:NE	Nord-Est
    HT:NI	Nip
    HT:NO	Nord-Ouest
    HT:OU	Lwès
    HT:SD	Sid
    HT:SE	Sidès
    HU:BA	Baranya
    HU:BC	Békéscsaba
    HU:BE	Békés
    HU:BK	Bács-Kiskun
    HU:BU	Budapest
    HU:BZ	Borsod-Abaúj-Zemplén
    HU:CS	Csongrád
    HU:DE	Debrecen
    HU:DU	Dunaújváros
    HU:EG	Eger
    HU:ER	Érd
    HU:FE	Fejér
    HU:GS	Győr-Moson-Sopron
    HU:GY	Győr
    HU:HB	Hajdú-Bihar
    HU:HE	Heves
    HU:HV	Hódmezővásárhely
    HU:JN	Jász-Nagykun-Szolnok
    HU:KE	Komárom-Esztergom
    HU:KM	Kecskemét
    HU:KV	Kaposvár
    HU:MI	Miskolc
    HU:NK	Nagykanizsa
    HU:NO	Nógrád
    HU:NY	Nyíregyháza
    HU:PE	Pest
    HU:PS	Pécs
    HU:SD	Szeged
    HU:SF	Székesfehérvár
    HU:SH	Szombathely
    HU:SK	Szolnok
    HU:SN	Sopron
    HU:SO	Somogy
    HU:SS	Szekszárd
    HU:ST	Salgótarján
    HU:SZ	Szabolcs-Szatmár-Bereg
    HU:TB	Tatabánya
    HU:TO	Tolna
    HU:VA	Vas
    HU:VE	Veszprém
    HU:VM	Veszprém
    HU:ZA	Zala
    HU:ZE	Zalaegerszeg
    ID:AC	Aceh
    ID:BA	Bali
    ID:BB	Kepulauan Bangka Belitung
    ID:BE	Bengkulu
    ID:BT	Banten
    ID:GO	Gorontalo
    ID:JA	Jambi
    ID:JB	Jawa Barat
    ID:JI	Jawa Timur
    ID:JK	Jakarta Raya
    ID:JT	Jawa Tengah
    ID:JW	Jawa
    ID:KA	Kalimantan
    ID:KB	Kalimantan Barat
    ID:KI	Kalimantan Timur
    ID:KR	Kepulauan Riau
    ID:KS	Kalimantan Selatan
    ID:KT	Kalimantan Tengah
    ID:KU	Kalimantan Utara
    ID:LA	Lampung
    ID:MA	Maluku
    ID:ML	Maluku
    ID:MU	Maluku Utara
    ID:NB	Nusa Tenggara Barat
    ID:NT	Nusa Tenggara Timur
    ID:NU	Nusa Tenggara
    ID:PA	Papua
    ID:PB	Papua Barat
    ID:PP	Papua
    ID:RI	Riau
    ID:SA	Sulawesi Utara
    ID:SB	Sumatera Barat
    ID:SG	Sulawesi Tenggara
    ID:SL	Sulawesi
    ID:SM	Sumatera
    ID:SN	Sulawesi Selatan
    ID:SR	Sulawesi Barat
    ID:SS	Sumatera Selatan
    ID:ST	Sulawesi Tengah
    ID:SU	Sumatera Utara
    ID:YO	Yogyakarta
    IE:C	Connaught
    IE:CE	Clare
    IE:CN	Cavan
    IE:CO	Cork
    IE:CW	Carlow
    IE:D	Dublin
    IE:DL	Donegal
    IE:G	Galway
    IE:KE	Kildare
    IE:KK	Kilkenny
    IE:KY	Kerry
    IE:L	Leinster
    IE:LD	Longford
    IE:LH	Louth
    IE:LK	Limerick
    IE:LM	Leitrim
    IE:LS	Laois
    IE:M	Munster
    IE:MH	Meath
    IE:MN	Monaghan
    IE:MO	Mayo
    IE:OY	Offaly
    IE:RN	Roscommon
    IE:SO	Sligo
    IE:TA	Tipperary
    IE:U	Ulster
    IE:WD	Waterford
    IE:WH	Westmeath
    IE:WW	Wicklow
    IE:WX	Wexford
    IL:D	Al Janūbī
    IL:HA	H̱efa
    IL:JM	Al Quds
    IL:M	Al Awsaţ
    IL:TA	Tall Abīb
    IL:Z	Ash Shamālī
    IN:AN	Andaman and Nicobar Islands
    IN:AP	Andhra Pradesh
    IN:AR	Arunāchal Pradesh
    IN:AS	Assam
    IN:BR	Bihār
    IN:CH	Chandīgarh
    IN:CT	Chhattīsgarh
    IN:DH	Dādra and Nagar Haveli and Damān and Diu
    IN:DL	Delhi
    IN:GA	Goa
    IN:GJ	Gujarāt
    IN:HP	Himāchal Pradesh
    IN:HR	Haryāna
    IN:JH	Jhārkhand
    IN:JK	Jammu and Kashmīr
    IN:KA	Karnātaka
    IN:KL	Kerala
    IN:LA	Ladākh
    IN:LD	Lakshadweep
    IN:MH	Mahārāshtra
    IN:ML	Meghālaya
    IN:MN	Manipur
    IN:MP	Madhya Pradesh
    IN:MZ	Mizoram
    IN:NL	Nāgāland
    IN:OR	Odisha
    IN:PB	Punjab
    IN:PY	Puducherry
    IN:RJ	Rājasthān
    IN:SK	Sikkim
    IN:TG	Telangāna
    IN:TN	Tamil Nādu
    IN:TR	Tripura
    IN:UP	Uttar Pradesh
    IN:UT	Uttarākhand
    IN:WB	West Bengal
    IQ:AN	Al Anbār
    IQ:AR	Arbīl
    IQ:BA	Al Başrah
    IQ:BB	Bābil
    IQ:BG	Baghdād
    IQ:DA	Dahūk
    IQ:DI	Diyālá
    IQ:DQ	Dhī Qār
    IQ:KA	Karbalā’
    IQ:KI	Kirkūk
    IQ:MA	Maysān
    IQ:MU	Al Muthanná
    IQ:NA	An Najaf
    IQ:NI	Nīnawá
    IQ:QA	Al Qādisīyah
    IQ:SD	Şalāḩ ad Dīn
    IQ:SU	As Sulaymānīyah
    IQ:WA	Wāsiţ
    IS:AKH	Akrahreppur
    IS:AKN	Akraneskaupstaður
    IS:AKU	Akureyrarbær
    IS:ARN	Árneshreppur
    IS:ASA	Ásahreppur
    IS:BFJ	Borgarfjarðarhreppur
    IS:BLA	Bláskógabyggð
    IS:BLO	Blönduósbær
    IS:BOG	Borgarbyggð
    IS:BOL	Bolungarvíkurkaupstaður
    IS:DAB	Dalabyggð
    IS:DAV	Dalvíkurbyggð
    IS:DJU	Djúpavogshreppur
    IS:EOM	Eyja- og Miklaholtshreppur
    IS:EYF	Eyjafjarðarsveit
    IS:FJD	Fjarðabyggð
    IS:FJL	Fjallabyggð
    IS:FLA	Flóahreppur
    IS:FLD	Fljótsdalshérað
    IS:FLR	Fljótsdalshreppur
    IS:GAR	Garðabær
    IS:GOG	Grímsnes- og Grafningshreppur
    IS:GRN	Grindavíkurbær
    IS:GRU	Grundarfjarðarbær
    IS:GRY	Grýtubakkahreppur
    IS:HAF	Hafnarfjarðarkaupstaður
    IS:HEL	Helgafellssveit
    IS:HRG	Hörgársveit
    IS:HRU	Hrunamannahreppur
    IS:HUT	Húnavatnshreppur
    IS:HUV	Húnaþing vestra
    IS:HVA	Hvalfjarðarsveit
    IS:HVE	Hveragerðisbær
    IS:ISA	Ísafjarðarbær
    IS:KAL	Kaldrananeshreppur
    IS:KJO	Kjósarhreppur
    IS:KOP	Kópavogsbær
    IS:LAN	Langanesbyggð
    IS:MOS	Mosfellsbær
    IS:MYR	Mýrdalshreppur
    IS:NOR	Norðurþing
    IS:RGE	Rangárþing eystra
    IS:RGY	Rangárþing ytra
    IS:RHH	Reykhólahreppur
    IS:RKN	Reykjanesbær
    IS:RKV	Reykjavíkurborg
    IS:SBH	Svalbarðshreppur
    IS:SBT	Svalbarðsstrandarhreppur
    IS:SDN	Suðurnesjabær
    IS:SDV	Súðavíkurhreppur
    IS:SEL	Seltjarnarnesbær
    IS:SEY	Seyðisfjarðarkaupstaður
    IS:SFA	Sveitarfélagið Árborg
    IS:SHF	Sveitarfélagið Hornafjörður
    IS:SKF	Skaftárhreppur
    IS:SKG	Skagabyggð
    IS:SKO	Skorradalshreppur
    IS:SKU	Skútustaðahreppur
    IS:SNF	Snæfellsbær
    IS:SOG	Skeiða- og Gnúpverjahreppur
    IS:SOL	Sveitarfélagið Ölfus
    IS:SSF	Sveitarfélagið Skagafjörður
    IS:SSS	Sveitarfélagið Skagaströnd
    IS:STR	Strandabyggð
    IS:STY	Stykkishólmsbær
    IS:SVG	Sveitarfélagið Vogar
    IS:TAL	Tálknafjarðarhreppur
    IS:THG	Þingeyjarsveit
    IS:TJO	Tjörneshreppur
    IS:VEM	Vestmannaeyjabær
    IS:VER	Vesturbyggð
    IS:VOP	Vopnafjarðarhreppur
    IT:AG	Agrigento
    IT:AL	Alessandria
    IT:AN	Ancona
    IT:AP	Ascoli Piceno
    IT:AQ	L'Aquila
    IT:AR	Arezzo
    IT:AT	Asti
    IT:AV	Avellino
    IT:BA	Bari
    IT:BG	Bergamo
    IT:BI	Biella
    IT:BL	Belluno
    IT:BN	Benevento
    IT:BO	Bologna
    IT:BR	Brindisi
    IT:BS	Brescia
    IT:BT	Barletta-Andria-Trani
    IT:BZ	Bolzano
    IT:CA	Cagliari
    IT:CB	Campobasso
    IT:CE	Caserta
    IT:CH	Chieti
    IT:CL	Caltanissetta
    IT:CN	Cuneo
    IT:CO	Como
    IT:CR	Cremona
    IT:CS	Cosenza
    IT:CT	Catania
    IT:CZ	Catanzaro
    IT:EN	Enna
    IT:FC	Forlì-Cesena
    IT:FE	Ferrara
    IT:FG	Foggia
    IT:FI	Firenze
    IT:FM	Fermo
    IT:FR	Frosinone
    IT:GE	Genova
    IT:GO	Gorizia
    IT:GR	Grosseto
    IT:IM	Imperia
    IT:IS	Isernia
    IT:KR	Crotone
    IT:LC	Lecco
    IT:LE	Lecce
    IT:LI	Livorno
    IT:LO	Lodi
    IT:LT	Latina
    IT:LU	Lucca
    IT:MB	Monza e Brianza
    IT:MC	Macerata
    IT:ME	Messina
    IT:MI	Milano
    IT:MN	Mantova
    IT:MO	Modena
    IT:MS	Massa-Carrara
    IT:MT	Matera
    IT:NA	Napoli
    IT:NO	Novara
    IT:NU	Nuoro
    IT:OR	Oristano
    IT:PA	Palermo
    IT:PC	Piacenza
    IT:PD	Padova
    IT:PE	Pescara
    IT:PG	Perugia
    IT:PI	Pisa
    IT:PN	Pordenone
    IT:PO	Prato
    IT:PR	Parma
    IT:PT	Pistoia
    IT:PU	Pesaro e Urbino
    IT:PV	Pavia
    IT:PZ	Potenza
    IT:RA	Ravenna
    IT:RC	Reggio Calabria
    IT:RE	Reggio Emilia
    IT:RG	Ragusa
    IT:RI	Rieti
    IT:RM	Roma
    IT:RN	Rimini
    IT:RO	Rovigo
    IT:SA	Salerno
    IT:SI	Siena
    IT:SO	Sondrio
    IT:SP	La Spezia
    IT:SR	Siracusa
    IT:SS	Sassari
    IT:SU	Sud Sardegna
    IT:SV	Savona
    IT:TA	Taranto
    IT:TE	Teramo
    IT:TN	Trento
    IT:TO	Torino
    IT:TP	Trapani
    IT:TR	Terni
    IT:TS	Trieste
    IT:TV	Treviso
    IT:UD	Udine
    IT:VA	Varese
    IT:VB	Verbano-Cusio-Ossola
    IT:VC	Vercelli
    IT:VE	Venezia
    IT:VI	Vicenza
    IT:VR	Verona
    IT:VT	Viterbo
    IT:VV	Vibo Valentia
    JO:AJ	‘Ajlūn
    JO:AM	Al ‘A̅şimah
    JO:AQ	Al ‘Aqabah
    JO:AT	Aţ Ţafīlah
    JO:AZ	Az Zarqā’
    JO:BA	Al Balqā’
    JO:IR	Irbid
    JO:JA	Jarash
    JO:KA	Al Karak
    JO:MA	Al Mafraq
    JO:MD	Mādabā
    JO:MN	Ma‘ān
    KG:B	Batken
    KG:C	Chuyskaya oblast'
    KG:GB	Bishkek Shaary
    KG:GO	Gorod Osh
    KG:J	Dzhalal-Abadskaya oblast'
    KG:N	Naryn
    KG:O	Osh
    KG:T	Talas
    KG:Y	Issyk-Kul'skaja oblast'
    KI:G	Gilbert Islands
    KI:L	Line Islands
    KI:P	Phoenix Islands
    KM:A	Andjouân
    KM:G	Andjazîdja
    KM:M	Mohéli
    KN:K	Saint Kitts
    KN:N	Nevis
    KW:AH	Al Aḩmadī
    KW:FA	Al Farwānīyah
    KW:HA	Ḩawallī
    KW:JA	Al Jahrā’
    KW:KU	Al ‘Āşimah
    KW:MU	Mubārak al Kabīr
    KZ:AKM	Akmolinskaja oblast'
    KZ:AKT	Aktjubinskaja oblast'
    KZ:ALA	Almaty
    KZ:ALM	Almatinskaja oblast'
    KZ:AST	Nur-Sultan
    KZ:ATY	Atyrauskaja oblast'
    KZ:KAR	Karagandinskaja oblast'
    KZ:KUS	Kostanajskaja oblast'
    KZ:KZY	Kyzylordinskaja oblast'
    KZ:MAN	Mangghystaū oblysy
    KZ:PAV	Pavlodar oblysy
    KZ:SEV	Severo-Kazahstanskaja oblast'
    KZ:SHY	Shymkent
    KZ:VOS	Shyghys Qazaqstan oblysy
    KZ:YUZ	Turkestankaya oblast'
    KZ:ZAP	Batys Qazaqstan oblysy
    KZ:ZHA	Zhambyl oblysy
    LA:AT	Attapu
    LA:BK	Bokèo
    LA:BL	Bolikhamxai
    LA:CH	Champasak
    LA:HO	Houaphan
    LA:KH	Khammouan
    LA:LM	Louang Namtha
    LA:LP	Louangphabang
    LA:OU	Oudômxai
    LA:PH	Phôngsali
    LA:SL	Salavan
    LA:SV	Savannakhét
    LA:VI	Viangchan
    LA:VT	Viangchan
    LA:XA	Xaignabouli
    LA:XE	Xékong
    LA:XI	Xiangkhouang
    LA:XS	Xaisômboun
    LB:AK	Aakkâr
    LB:AS	Ash Shimāl
    LB:BA	Bayrūt
    LB:BH	Baalbek-Hermel
    LB:BI	Al Biqā‘
    LB:JA	Al Janūb
    LB:JL	Jabal Lubnān
    LB:NA	An Nabaţīyah
    LR:BG	Bong
    LR:BM	Bomi
    LR:CM	Grand Cape Mount
    LR:GB	Grand Bassa
    LR:GG	Grand Gedeh
    LR:GK	Grand Kru
    LR:GP	Gbarpolu
    LR:LO	Lofa
    LR:MG	Margibi
    LR:MO	Montserrado
    LR:MY	Maryland
    LR:NI	Nimba
    LR:RG	River Gee
    LR:RI	River Cess
    LR:SI	Sinoe
    LS:A	Maseru
    LS:B	Botha-Bothe
    LS:C	Leribe
    LS:D	Berea
    LS:E	Mafeteng
    LS:F	Mohale's Hoek
    LS:G	Quthing
    LS:H	Qacha's Nek
    LS:J	Mokhotlong
    LS:K	Thaba-Tseka
    LT:AL	Alytaus apskritis
    LT:KL	Klaipėdos apskritis
    LT:KU	Kauno apskritis
    LT:MR	Marijampolės apskritis
    LT:PN	Panevėžio apskritis
    LT:SA	Šiaulių apskritis
    LT:TA	Tauragės apskritis
    LT:TE	Telšių apskritis
    LT:UT	Utenos apskritis
    LT:VL	Vilniaus apskritis
    LU:CA	Capellen
    LU:CL	Clerf
    LU:DI	Diekirch
    LU:EC	Echternach
    LU:ES	Esch an der Alzette
    LU:GR	Grevenmacher
    LU:LU	Luxembourg
    LU:ME	Mersch
    LU:RD	Redange
    LU:RM	Remich
    LU:VD	Veianen
    LU:WI	Wiltz
    LV:DGV	Daugavpils
    LV:JEL	Jelgava
    LV:JKB	Jēkabpils
    LV:JUR	Jūrmala
    LV:LPX	Liepāja
    LV:REZ	Rēzekne
    LV:RIX	Rīga
    LV:VEN	Ventspils
    LV:VMR	Valmiera
    LY:BA	Banghāzī
    LY:BU	Al Buţnān
    LY:DR	Darnah
    LY:GT	Ghāt
    LY:JA	Al Jabal al Akhḑar
    LY:JG	Al Jabal al Gharbī
    LY:JI	Al Jafārah
    LY:JU	Al Jufrah
    LY:KF	Al Kufrah
    LY:MB	Al Marqab
    LY:MI	Mişrātah
    LY:MJ	Al Marj
    LY:MQ	Murzuq
    LY:NL	Nālūt
    LY:NQ	An Nuqāţ al Khams
    LY:SB	Sabhā
    LY:SR	Surt
    LY:TB	Ţarābulus
    LY:WA	Al Wāḩāt
    LY:WD	Wādī al Ḩayāt
    LY:WS	Wādī ash Shāţi’
    LY:ZA	Az Zāwiyah
    MA:AGD	Agadir-Ida-Ou-Tanane
    MA:AOU	Aousserd (EH)
    MA:ASZ	Assa-Zag (EH-partial)
    MA:AZI	Azilal
    MA:BEM	Béni Mellal
    MA:BER	Berkane
    MA:BES	Benslimane
    MA:BOD	Boujdour (EH)
    MA:BOM	Boulemane
    MA:BRR	Berrechid
    MA:CAS	Casablanca
    MA:CHE	Chefchaouen
    MA:CHI	Chichaoua
    MA:CHT	Chtouka-Ait Baha
    MA:DRI	Driouch
    MA:ERR	Errachidia
    MA:ESI	Essaouira
    MA:ESM	Es-Semara (EH-partial)
    MA:FAH	Fahs-Anjra
    MA:FES	Fès
    MA:FIG	Figuig
    MA:FQH	Fquih Ben Salah
    MA:GUE	Guelmim
    MA:GUF	Guercif
    MA:HAJ	El Hajeb
    MA:HAO	Al Haouz
    MA:HOC	Al Hoceïma
    MA:IFR	Ifrane
    MA:INE	Inezgane-Ait Melloul
    MA:JDI	El Jadida
    MA:JRA	Jerada
    MA:KEN	Kénitra
    MA:KES	El Kelâa des Sraghna
    MA:KHE	Khémisset
    MA:KHN	Khénifra
    MA:KHO	Khouribga
    MA:LAA	Laâyoune (EH)
    MA:LAR	Larache
    MA:MAR	Marrakech
    MA:MDF	M’diq-Fnideq
    MA:MED	Médiouna
    MA:MEK	Meknès
    MA:MID	Midelt
    MA:MOH	Mohammadia
    MA:MOU	Moulay Yacoub
    MA:NAD	Nador
    MA:NOU	Nouaceur
    MA:OUA	Ouarzazate
    MA:OUD	Oued Ed-Dahab (EH)
    MA:OUJ	Oujda-Angad
    MA:OUZ	Ouezzane
    MA:RAB	Rabat
    MA:REH	Rehamna
    MA:SAF	Safi
    MA:SAL	Salé
    MA:SEF	Sefrou
    MA:SET	Settat
    MA:SIB	Sidi Bennour
    MA:SIF	Sidi Ifni
    MA:SIK	Sidi Kacem
    MA:SIL	Sidi Slimane
    MA:SKH	Skhirate-Témara
    MA:TAF	Tarfaya (EH-partial)
    MA:TAI	Taourirt
    MA:TAO	Taounate
    MA:TAR	Taroudannt
    MA:TAT	Tata
    MA:TAZ	Taza
    MA:TET	Tétouan
    MA:TIN	Tinghir
    MA:TIZ	Tiznit
    MA:TNG	Tanger-Assilah
    MA:TNT	Tan-Tan (EH-partial)
    MA:YUS	Youssoufia
    MA:ZAG	Zagora
    MC:CL	La Colle
    MC:CO	La Condamine
    MC:FO	Fontvieille
    MC:GA	La Gare
    MC:JE	Jardin Exotique
    MC:LA	Larvotto
    MC:MA	Malbousquet
    MC:MC	Monte-Carlo
    MC:MG	Moneghetti
    MC:MO	Monaco-Ville
    MC:MU	Moulins
    MC:PH	Port-Hercule
    MC:SD	Sainte-Dévote
    MC:SO	La Source
    MC:SP	Spélugues
    MC:SR	Saint-Roman
    MC:VR	Vallon de la Rousse
    MD:AN	Anenii Noi
    MD:BA	Bălți
    MD:BD	Bender [Tighina]
    MD:BR	Briceni
    MD:BS	Basarabeasca
    MD:CA	Cahul
    MD:CL	Călărași
    MD:CM	Cimișlia
    MD:CR	Criuleni
    MD:CS	Căușeni
    MD:CT	Cantemir
    MD:CU	Chișinău
    MD:DO	Dondușeni
    MD:DR	Drochia
    MD:DU	Dubăsari
    MD:ED	Edineț
    MD:FA	Fălești
    MD:FL	Florești
    MD:GA	Găgăuzia, Unitatea teritorială autonomă (UTAG)
    MD:GL	Glodeni
    MD:HI	Hîncești
    MD:IA	Ialoveni
    MD:LE	Leova
    MD:NI	Nisporeni
    MD:OC	Ocnița
    MD:OR	Orhei
    MD:RE	Rezina
    MD:RI	Rîșcani
    MD:SD	Șoldănești
    MD:SI	Sîngerei
    MD:SN	Stînga Nistrului, unitatea teritorială din
    MD:SO	Soroca
    MD:ST	Strășeni
    MD:SV	Ștefan Vodă
    MD:TA	Taraclia
    MD:TE	Telenești
    MD:UN	Ungheni
    MG:A	Toamasina
    MG:D	Antsiranana
    MG:F	Fianarantsoa
    MG:M	Mahajanga
    MG:T	Antananarivo
    MG:U	Toliara
    MH:ALK	Ailuk
    MH:ALL	Ailinglaplap
    MH:ARN	Arno
    MH:AUR	Aur
    MH:EBO	Ebon
    MH:ENI	Enewetak & Ujelang
    MH:JAB	Jabat
    MH:JAL	Jaluit
    MH:KIL	Bikini & Kili
    MH:KWA	Kwajalein
    MH:L	Ralik chain
    MH:LAE	Lae
    MH:LIB	Lib
    MH:LIK	Likiep
    MH:MAJ	Majuro
    MH:MAL	Maloelap
    MH:MEJ	Mejit
    MH:MIL	Mili
    MH:NMK	Namdrik
    MH:NMU	Namu
    MH:RON	Rongelap
    MH:T	Ratak chain
    MH:UJA	Ujae
    MH:UTI	Utrik
    MH:WTH	Wotho
    MH:WTJ	Wotje
    ML:BKO	Bamako
    MU:AG	Agalega Islands
    MU:BL	Black River
    MU:CC	Cargados Carajos Shoals
    MU:FL	Flacq
    MU:GP	Grand Port
    MU:MO	Moka
    MU:PA	Pamplemousses
    MU:PL	Port Louis
    MU:PW	Plaines Wilhems
    MU:RO	Rodrigues Island
    MU:RR	Rivière du Rempart
    MU:SA	Savanne
    MV:MLE	Male
    MW:BA	Balaka
    MW:BL	Blantyre
    MW:C	Central Region
    MW:CK	Chikwawa
    MW:CR	Chiradzulu
    MW:CT	Chitipa
    MW:DE	Dedza
    MW:DO	Dowa
    MW:KR	Karonga
    MW:KS	Kasungu
    MW:LI	Lilongwe
    MW:LK	Likoma
    MW:MC	Mchinji
    MW:MG	Mangochi
    MW:MH	Machinga
    MW:MU	Mulanje
    MW:MW	Mwanza
    MW:MZ	Mzimba
    MW:N	Northern Region
    MW:NB	Nkhata Bay
    MW:NE	Neno
    MW:NI	Ntchisi
    MW:NK	Nkhotakota
    MW:NS	Nsanje
    MW:NU	Ntcheu
    MW:PH	Phalombe
    MW:RU	Rumphi
    MW:S	Southern Region
    MW:SA	Salima
    MW:TH	Thyolo
    MW:ZO	Zomba
    MX:AGU	Aguascalientes
    MX:BCN	Baja California
    MX:BCS	Baja California Sur
    MX:CAM	Campeche
    MX:CHH	Chihuahua
    MX:CHP	Chiapas
    MX:CMX	Ciudad de México
    MX:COA	Coahuila de Zaragoza
    MX:COL	Colima
    MX:DUR	Durango
    MX:GRO	Guerrero
    MX:GUA	Guanajuato
    MX:HID	Hidalgo
    MX:JAL	Jalisco
    MX:MEX	México
    MX:MIC	Michoacán de Ocampo
    MX:MOR	Morelos
    MX:NAY	Nayarit
    MX:NLE	Nuevo León
    MX:OAX	Oaxaca
    MX:PUE	Puebla
    MX:QUE	Querétaro
    MX:ROO	Quintana Roo
    MX:SIN	Sinaloa
    MX:SLP	San Luis Potosí
    MX:SON	Sonora
    MX:TAB	Tabasco
    MX:TAM	Tamaulipas
    MX:TLA	Tlaxcala
    MX:VER	Veracruz de Ignacio de la Llave
    MX:YUC	Yucatán
    MX:ZAC	Zacatecas
    MZ:A	Niassa
    MZ:B	Manica
    MZ:G	Gaza
    MZ:I	Inhambane
    MZ:L	Maputo
    MZ:MPM	Maputo
    MZ:N	Nampula
    MZ:P	Cabo Delgado
    MZ:Q	Zambézia
    MZ:S	Sofala
    MZ:T	Tete
    NA:CA	Zambezi
    NA:ER	Erongo
    NA:HA	Hardap
    NA:KA	//Karas
    NA:KE	Kavango East
    NA:KH	Khomas
    NA:KU	Kunene
    NA:KW	Kavango West
    NA:OD	Otjozondjupa
    NA:OH	Omaheke
    NA:ON	Oshana
    NA:OS	Omusati
    NA:OT	Oshikoto
    NA:OW	Ohangwena
    NG:AB	Abia
    NG:AD	Adamawa
    NG:AK	Akwa Ibom
    NG:AN	Anambra
    NG:BA	Bauchi
    NG:BE	Benue
    NG:BO	Borno
    NG:BY	Bayelsa
    NG:CR	Cross River
    NG:DE	Delta
    NG:EB	Ebonyi
    NG:ED	Edo
    NG:EK	Ekiti
    NG:EN	Enugu
    NG:FC	Abuja Federal Capital Territory
    NG:GO	Gombe
    NG:IM	Imo
    NG:JI	Jigawa
    NG:KD	Kaduna
    NG:KE	Kebbi
    NG:KN	Kano
    NG:KO	Kogi
    NG:KT	Katsina
    NG:KW	Kwara
    NG:LA	Lagos
    NG:NA	Nasarawa
    NG:NI	Niger
    NG:OG	Ogun
    NG:ON	Ondo
    NG:OS	Osun
    NG:OY	Oyo
    NG:PL	Plateau
    NG:RI	Rivers
    NG:SO	Sokoto
    NG:TA	Taraba
    NG:YO	Yobe
    NG:ZA	Zamfara
    NI:AN	Costa Caribe Norte
    NI:AS	Costa Caribe Sur
    NI:BO	Boaco
    NI:CA	Carazo
    NI:CI	Chinandega
    NI:CO	Chontales
    NI:ES	Estelí
    NI:GR	Granada
    NI:JI	Jinotega
    NI:LE	León
    NI:MD	Madriz
    NI:MN	Managua
    NI:MS	Masaya
    NI:MT	Matagalpa
    NI:NS	Nueva Segovia
    NI:RI	Rivas
    NI:SJ	Río San Juan
    NL:AW	Aruba
    NL:BQ1	Bonaire
    NL:BQ2	Saba
    NL:BQ3	Sint Eustatius
    NL:CW	Curaçao
    NL:DR	Drenthe
    NL:FL	Flevoland
    NL:FR	Fryslân
    NL:GE	Gelderland
    NL:GR	Groningen
    NL:LI	Limburg
    NL:NB	Noord-Brabant
    NL:NH	Noord-Holland
    NL:OV	Overijssel
    NL:SX	Sint Maarten
    NL:UT	Utrecht
    NL:ZE	Zeeland
    NL:ZH	Zuid-Holland
    NP:BA	Bagmati
    NP:BH	Bheri
    NP:DH	Dhawalagiri
    NP:GA	Gandaki
    NP:JA	Janakpur
    NP:KA	Karnali
    NP:KO	Kosi
    NP:LU	Lumbini
    NP:MA	Mahakali
    NP:ME	Mechi
    NP:NA	Narayani
    NP:P1	Province 1
    NP:P2	Province 2
    NP:P3	Bāgmatī
    NP:P4	Gandaki
    NP:P5	Province 5
    NP:P6	Karnali
    NP:P7	Sudūr Pashchim
    NP:RA	Rapti
    NP:SA	Sagarmatha
    NP:SE	Seti
    NZ:AUK	Auckland
    NZ:BOP	Bay of Plenty
    NZ:CAN	Canterbury
    NZ:CIT	Chatham Islands Territory
    NZ:GIS	Gisborne
    NZ:HKB	Hawke's Bay
    NZ:MBH	Marlborough
    NZ:MWT	Manawatu-Wanganui
    NZ:NSN	Nelson
    NZ:NTL	Northland
    NZ:OTA	Otago
    NZ:STL	Southland
    NZ:TAS	Tasman
    NZ:TKI	Taranaki
    NZ:WGN	Wellington
    NZ:WKO	Waikato
    NZ:WTC	West Coast
    OM:BJ	Janūb al Bāţinah
    OM:BS	Shamāl al Bāţinah
    OM:BU	Al Buraymī
    OM:DA	Ad Dākhilīyah
    OM:MA	Masqaţ
    OM:MU	Musandam
    OM:SJ	Janūb ash Sharqīyah
    OM:SS	Shamāl ash Sharqīyah
    OM:WU	Al Wusţá
    OM:ZA	Az̧ Z̧āhirah
    OM:ZU	Z̧ufār
    PA:EM	Emberá
    PA:KY	Guna Yala
    PA:NB	Ngöbe-Buglé
    PE:AMA	Amarumayu
    PE:ANC	Ancash
    PE:APU	Apurimaq
    PE:ARE	Arequipa
    PE:AYA	Ayacucho
    PE:CAJ	Cajamarca
    PE:CAL	El Callao
    PE:CUS	Cusco
    PE:HUC	Huánuco
    PE:HUV	Huancavelica
    PE:ICA	Ica
    PE:JUN	Hunin
    PE:LAL	La Libertad
    PE:LAM	Lambayeque
    PE:LIM	Lima
    PE:LMA	Lima hatun llaqta
    PE:LOR	Loreto
    PE:MDD	Madre de Dios
    PE:MOQ	Moquegua
    PE:PAS	Pasco
    PE:PIU	Piura
    PE:PUN	Puno
    PE:SAM	San Martin
    PE:TAC	Tacna
    PE:TUM	Tumbes
    PE:UCA	Ucayali
    PG:CPK	Chimbu
    PG:CPM	Central
    PG:EBR	East New Britain
    PG:EHG	Eastern Highlands
    PG:EPW	Enga
    PG:ESW	East Sepik
    PG:GPK	Gulf
    PG:HLA	Hela
    PG:JWK	Jiwaka
    PG:MBA	Milne Bay
    PG:MPL	Morobe
    PG:MPM	Madang
    PG:MRL	Manus
    PG:NCD	National Capital District (Port Moresby)
    PG:NIK	New Ireland
    PG:NPP	Northern
    PG:NSB	Bougainville
    PG:SAN	West Sepik
    PG:SHM	Southern Highlands
    PG:WBK	West New Britain
    PG:WHM	Western Highlands
    PG:WPD	Western
    PH:ABR	Abra
    PH:AGN	Agusan del Norte
    PH:AGS	Agusan del Sur
    PH:AKL	Aklan
    PH:ALB	Albay
    PH:ANT	Antique
    PH:APA	Apayao
    PH:AUR	Aurora
    PH:BAN	Bataan
    PH:BAS	Basilan
    PH:BEN	Benguet
    PH:BIL	Biliran
    PH:BOH	Bohol
    PH:BTG	Batangas
    PH:BTN	Batanes
    PH:BUK	Bukidnon
    PH:BUL	Bulacan
    PH:CAG	Cagayan
    PH:CAM	Camiguin
    PH:CAN	Camarines Norte
    PH:CAP	Capiz
    PH:CAS	Camarines Sur
    PH:CAT	Catanduanes
    PH:CAV	Cavite
    PH:CEB	Cebu
    PH:COM	Davao de Oro
    PH:DAO	Davao Oriental
    PH:DAS	Davao del Sur
    PH:DAV	Davao del Norte
    PH:DIN	Dinagat Islands
    PH:DVO	Davao Occidental
    PH:EAS	Eastern Samar
    PH:GUI	Guimaras
    PH:IFU	Ifugao
    PH:ILI	Iloilo
    PH:ILN	Ilocos Norte
    PH:ILS	Ilocos Sur
    PH:ISA	Isabela
    PH:KAL	Kalinga
    PH:LAG	Laguna
    PH:LAN	Lanao del Norte
    PH:LAS	Lanao del Sur
    PH:LEY	Leyte
    PH:LUN	La Union
    PH:MAD	Marinduque
    PH:MAG	Maguindanao
    PH:MAS	Masbate
    PH:MDC	Mindoro Occidental
    PH:MDR	Mindoro Oriental
    PH:MOU	Mountain Province
    PH:MSC	Misamis Occidental
    PH:MSR	Misamis Oriental
    PH:NCO	Cotabato
    PH:NEC	Negros Occidental
    PH:NER	Negros Oriental
    PH:NSA	Northern Samar
    PH:NUE	Nueva Ecija
    PH:NUV	Nueva Vizcaya
    PH:PAM	Pampanga
    PH:PAN	Pangasinan
    PH:PLW	Palawan
    PH:QUE	Quezon
    PH:QUI	Quirino
    PH:RIZ	Rizal
    PH:ROM	Romblon
    PH:SAR	Sarangani
    PH:SCO	South Cotabato
    PH:SIG	Siquijor
    PH:SLE	Southern Leyte
    PH:SLU	Sulu
    PH:SOR	Sorsogon
    PH:SUK	Sultan Kudarat
    PH:SUN	Surigao del Norte
    PH:SUR	Surigao del Sur
    PH:TAR	Tarlac
    PH:TAW	Tawi-Tawi
    PH:WSA	Samar
    PH:ZAN	Zamboanga del Norte
    PH:ZAS	Zamboanga del Sur
    PH:ZMB	Zambales
    PH:ZSI	Zamboanga Sibugay
    PK:BA	Balochistan
    PK:GB	Gilgit-Baltistan
    PK:IS	Islamabad
    PK:JK	Azad Jammu and Kashmir
    PK:KP	Khyber Pakhtunkhwa
    PK:PB	Punjab
    PK:SD	Sindh
    PS:BTH	Bethlehem
    PS:DEB	Deir El Balah
    PS:GZA	Gaza
    PS:HBN	Hebron
    PS:JEM	Jerusalem
    PS:JEN	Jenin
    PS:JRH	Jericho and Al Aghwar
    PS:KYS	Khan Yunis
    PS:NBS	Nablus
    PS:NGZ	North Gaza
    PS:QQA	Qalqilya
    PS:RBH	Ramallah
    PS:RFH	Rafah
    PS:SLT	Salfit
    PS:TBS	Tubas
    PS:TKM	Tulkarm
    PY:ASU	Asunción
    QA:DA	Ad Dawḩah
    QA:KH	Al Khawr wa adh Dhakhīrah
    QA:MS	Ash Shamāl
    QA:RA	Ar Rayyān
    QA:SH	Ash Shīḩānīyah
    QA:US	Umm Şalāl
    QA:WA	Al Wakrah
    QA:ZA	Az̧ Z̧a‘āyin
    RO:AB	Alba
    RO:AG	Argeș
    RO:AR	Arad
    RO:B	București
    RO:BC	Bacău
    RO:BH	Bihor
    RO:BN	Bistrița-Năsăud
    RO:BR	Brăila
    RO:BT	Botoșani
    RO:BV	Brașov
    RO:BZ	Buzău
    RO:CJ	Cluj
    RO:CL	Călărași
    RO:CS	Caraș-Severin
    RO:CT	Constanța
    RO:CV	Covasna
    RO:DB	Dâmbovița
    RO:DJ	Dolj
    RO:GJ	Gorj
    RO:GL	Galați
    RO:GR	Giurgiu
    RO:HD	Hunedoara
    RO:HR	Harghita
    RO:IF	Ilfov
    RO:IL	Ialomița
    RO:IS	Iași
    RO:MH	Mehedinți
    RO:MM	Maramureș
    RO:MS	Mureș
    RO:NT	Neamț
    RO:OT	Olt
    RO:PH	Prahova
    RO:SB	Sibiu
    RO:SJ	Sălaj
    RO:SM	Satu Mare
    RO:SV	Suceava
    RO:TL	Tulcea
    RO:TM	Timiș
    RO:TR	Teleorman
    RO:VL	Vâlcea
    RO:VN	Vrancea
    RO:VS	Vaslui
    RS:KM	Kosovo-Metohija
    RS:VO	Vojvodina
    RU:AD	Adygeja, Respublika
    RU:AL	Altaj, Respublika
    RU:ALT	Altajskij kraj
    RU:AMU	Amurskaja oblast'
    RU:ARK	Arhangel'skaja oblast'
    RU:AST	Astrahanskaja oblast'
    RU:BA	Bashkortostan, Respublika
    RU:BEL	Belgorodskaja oblast'
    RU:BRY	Brjanskaja oblast'
    RU:BU	Burjatija, Respublika
    RU:CE	Chechenskaya Respublika
    RU:CHE	Chelyabinskaya oblast'
    RU:CHU	Chukotskiy avtonomnyy okrug
    RU:CU	Chuvashskaya Respublika
    RU:DA	Dagestan, Respublika
    RU:IN	Ingushetiya, Respublika
    RU:IRK	Irkutskaja oblast'
    RU:IVA	Ivanovskaja oblast'
    RU:KAM	Kamchatskiy kray
    RU:KB	Kabardino-Balkarskaja Respublika
    RU:KC	Karachayevo-Cherkesskaya Respublika
    RU:KDA	Krasnodarskij kraj
    RU:KEM	Kemerovskaja oblast'
    RU:KGD	Kaliningradskaja oblast'
    RU:KGN	Kurganskaja oblast'
    RU:KHA	Habarovskij kraj
    RU:KHM	Hanty-Mansijskij avtonomnyj okrug
    RU:KIR	Kirovskaja oblast'
    RU:KK	Hakasija, Respublika
    RU:KL	Kalmykija, Respublika
    RU:KLU	Kaluzhskaya oblast'
    RU:KO	Komi, Respublika
    RU:KOS	Kostromskaja oblast'
    RU:KR	Karelija, Respublika
    RU:KRS	Kurskaja oblast'
    RU:KYA	Krasnojarskij kraj
    RU:LEN	Leningradskaja oblast'
    RU:LIP	Lipeckaja oblast'
    RU:MAG	Magadanskaja oblast'
    RU:ME	Marij Èl, Respublika
    RU:MO	Mordovija, Respublika
    RU:MOS	Moskovskaja oblast'
    RU:MOW	Moskva
    RU:MUR	Murmanskaja oblast'
    RU:NEN	Neneckij avtonomnyj okrug
    RU:NGR	Novgorodskaja oblast'
    RU:NIZ	Nizhegorodskaya oblast'
    RU:NVS	Novosibirskaja oblast'
    RU:OMS	Omskaja oblast'
    RU:ORE	Orenburgskaja oblast'
    RU:ORL	Orlovskaja oblast'
    RU:PER	Permskij kraj
    RU:PNZ	Penzenskaja oblast'
    RU:PRI	Primorskij kraj
    RU:PSK	Pskovskaja oblast'
    RU:ROS	Rostovskaja oblast'
    RU:RYA	Rjazanskaja oblast'
    RU:SA	Saha, Respublika
    RU:SAK	Sahalinskaja oblast'
    RU:SAM	Samarskaja oblast'
    RU:SAR	Saratovskaja oblast'
    RU:SE	Severnaja Osetija, Respublika
    RU:SMO	Smolenskaja oblast'
    RU:SPE	Sankt-Peterburg
    RU:STA	Stavropol'skij kraj
    RU:SVE	Sverdlovskaja oblast'
    RU:TA	Tatarstan, Respublika
    RU:TAM	Tambovskaja oblast'
    RU:TOM	Tomskaja oblast'
    RU:TUL	Tul'skaja oblast'
    RU:TVE	Tverskaja oblast'
    RU:TY	Tyva, Respublika
    RU:TYU	Tjumenskaja oblast'
    RU:UD	Udmurtskaja Respublika
    RU:ULY	Ul'janovskaja oblast'
    RU:VGG	Volgogradskaja oblast'
    RU:VLA	Vladimirskaja oblast'
    RU:VLG	Vologodskaja oblast'
    RU:VOR	Voronezhskaya oblast'
    RU:YAN	Jamalo-Neneckij avtonomnyj okrug
    RU:YAR	Jaroslavskaja oblast'
    RU:YEV	Evrejskaja avtonomnaja oblast'
    RU:ZAB	Zabajkal'skij kraj
    SB:CE	Central
    SB:CH	Choiseul
    SB:CT	Capital Territory (Honiara)
    SB:GU	Guadalcanal
    SB:IS	Isabel
    SB:MK	Makira-Ulawa
    SB:ML	Malaita
    SB:RB	Rennell and Bellona
    SB:TE	Temotu
    SB:WE	Western
    SD:DC	Central Darfur
    SD:DE	East Darfur
    SD:DN	North Darfur
    SD:DS	South Darfur
    SD:DW	West Darfur
    SD:GD	Gedaref
    SD:GK	West Kordofan
    SD:GZ	Gezira
    SD:KA	Kassala
    SD:KH	Khartoum
    SD:KN	North Kordofan
    SD:KS	South Kordofan
    SD:NB	Blue Nile
    SD:NO	Northern
    SD:NR	River Nile
    SD:NW	White Nile
    SD:RS	Red Sea
    SD:SI	Sennar
    SE:AB	Stockholms län [SE-01]
    SE:AC	Västerbottens län [SE-24]
    SE:BD	Norrbottens län [SE-25]
    SE:C	Uppsala län [SE-03]
    SE:D	Södermanlands län [SE-04]
    SE:E	Östergötlands län [SE-05]
    SE:F	Jönköpings län [SE-06]
    SE:G	Kronobergs län [SE-07]
    SE:H	Kalmar län [SE-08]
    SE:I	Gotlands län [SE-09]
    SE:K	Blekinge län [SE-10]
    SE:M	Skåne län [SE-12]
    SE:N	Hallands län [SE-13]
    SE:O	Västra Götalands län [SE-14]
    SE:S	Värmlands län [SE-17]
    SE:T	Örebro län [SE-18]
    SE:U	Västmanlands län [SE-19]
    SE:W	Dalarnas län [SE-20]
    SE:X	Gävleborgs län [SE-21]
    SE:Y	Västernorrlands län [SE-22]
    SE:Z	Jämtlands län [SE-23]
    SH:AC	Ascension
    SH:HL	Saint Helena
    SH:TA	Tristan da Cunha
    SK:BC	Banskobystrický kraj
    SK:BL	Bratislavský kraj
    SK:KI	Košický kraj
    SK:NI	Nitriansky kraj
    SK:PV	Prešovský kraj
    SK:TA	Trnavský kraj
    SK:TC	Trenčiansky kraj
    SK:ZI	Žilinský kraj
    SL:E	Eastern
    SL:N	Northern
    SL:NW	North Western
    SL:S	Southern
    SL:W	Western Area (Freetown)
    SN:DB	Diourbel
    SN:DK	Dakar
    SN:FK	Fatick
    SN:KA	Kaffrine
    SN:KD	Kolda
    SN:KE	Kédougou
    SN:KL	Kaolack
    SN:LG	Louga
    SN:MT	Matam
    SN:SE	Sédhiou
    SN:SL	Saint-Louis
    SN:TC	Tambacounda
    SN:TH	Thiès
    SN:ZG	Ziguinchor
    SO:AW	Awdal
    SO:BK	Bakool
    SO:BN	Banaadir
    SO:BR	Bari
    SO:BY	Bay
    SO:GA	Galguduud
    SO:GE	Gedo
    SO:HI	Hiiraan
    SO:JD	Jubbada Dhexe
    SO:JH	Jubbada Hoose
    SO:MU	Mudug
    SO:NU	Nugaal
    SO:SA	Sanaag
    SO:SD	Shabeellaha Dhexe
    SO:SH	Shabeellaha Hoose
    SO:SO	Sool
    SO:TO	Togdheer
    SO:WO	Woqooyi Galbeed
    SR:BR	Brokopondo
    SR:CM	Commewijne
    SR:CR	Coronie
    SR:MA	Marowijne
    SR:NI	Nickerie
    SR:PM	Paramaribo
    SR:PR	Para
    SR:SA	Saramacca
    SR:SI	Sipaliwini
    SR:WA	Wanica
    SS:BN	Northern Bahr el Ghazal
    SS:BW	Western Bahr el Ghazal
    SS:EC	Central Equatoria
    SS:EE	Eastern Equatoria
    SS:EW	Western Equatoria
    SS:JG	Jonglei
    SS:LK	Lakes
    SS:NU	Upper Nile
    SS:UY	Unity
    SS:WR	Warrap
    ST:P	Príncipe
    SV:AH	Ahuachapán
    SV:CA	Cabañas
    SV:CH	Chalatenango
    SV:CU	Cuscatlán
    SV:LI	La Libertad
    SV:MO	Morazán
    SV:PA	La Paz
    SV:SA	Santa Ana
    SV:SM	San Miguel
    SV:SO	Sonsonate
    SV:SS	San Salvador
    SV:SV	San Vicente
    SV:UN	La Unión
    SV:US	Usulután
    SY:DI	Dimashq
    SY:DR	Dar'ā
    SY:DY	Dayr az Zawr
    SY:HA	Al Ḩasakah
    SY:HI	Ḩimş
    SY:HL	Ḩalab
    SY:HM	Ḩamāh
    SY:ID	Idlib
    SY:LA	Al Lādhiqīyah
    SY:QU	Al Qunayţirah
    SY:RA	Ar Raqqah
    SY:RD	Rīf Dimashq
    SY:SU	As Suwaydā'
    SY:TA	Ţarţūs
    SZ:HH	Hhohho
    SZ:LU	Lubombo
    SZ:MA	Manzini
    SZ:SH	Shiselweni
    TD:BA	Al Baţḩā’
    TD:BG	Bahr el Ghazal
    TD:BO	Borkou
    TD:CB	Chari-Baguirmi
    TD:EE	Ennedi-Est
    TD:EO	Ennedi-Ouest
    TD:GR	Guéra
    TD:HL	Hadjer Lamis
    TD:KA	Kanem
    TD:LC	Al Buḩayrah
    TD:LO	Logone-Occidental
    TD:LR	Logone-Oriental
    TD:MA	Mandoul
    TD:MC	Moyen-Chari
    TD:ME	Mayo-Kebbi-Est
    TD:MO	Mayo-Kebbi-Ouest
    TD:ND	Madīnat Injamīnā
    TD:OD	Ouaddaï
    TD:SA	Salamat
    TD:SI	Sila
    TD:TA	Tandjilé
    TD:TI	Tibastī
    TD:WF	Wadi Fira
    TG:C	Centrale
    TG:K	Kara
    TG:M	Maritime (Région)
    TG:P	Plateaux
    TG:S	Savanes
    TH:S	Phatthaya
    TJ:DU	Dushanbe
    TJ:GB	Kŭhistoni Badakhshon
    TJ:KT	Khatlon
    TJ:RA	nohiyahoi tobei jumhurí
    TJ:SU	Sughd
    TL:AL	Aileu
    TL:AN	Ainaro
    TL:BA	Baucau
    TL:BO	Bobonaro
    TL:CO	Cova Lima
    TL:DI	Díli
    TL:ER	Ermera
    TL:LA	Lautein
    TL:LI	Likisá
    TL:MF	Manufahi
    TL:MT	Manatuto
    TL:OE	Oekusi-Ambenu
    TL:VI	Vikeke
    TM:A	Ahal
    TM:B	Balkan
    TM:D	Daşoguz
    TM:L	Lebap
    TM:M	Mary
    TM:S	Aşgabat
    TT:ARI	Arima
    TT:CHA	Chaguanas
    TT:CTT	Couva-Tabaquite-Talparo
    TT:DMN	Diego Martin
    TT:MRC	Mayaro-Rio Claro
    TT:PED	Penal-Debe
    TT:POS	Port of Spain
    TT:PRT	Princes Town
    TT:PTF	Point Fortin
    TT:SFO	San Fernando
    TT:SGE	Sangre Grande
    TT:SIP	Siparia
    TT:SJL	San Juan-Laventille
    TT:TOB	Tobago
    TT:TUP	Tunapuna-Piarco
    TV:FUN	Funafuti
    TV:NIT	Niutao
    TV:NKF	Nukufetau
    TV:NKL	Nukulaelae
    TV:NMA	Nanumea
    TV:NMG	Nanumaga
    TV:NUI	Nui
    TV:VAI	Vaitupu
    TW:CHA	Changhua
    TW:CYI	Chiayi
    TW:CYQ	Chiayi
    TW:HSQ	Hsinchu
    TW:HSZ	Hsinchu
    TW:HUA	Hualien
    TW:ILA	Yilan
    TW:KEE	Keelung
    TW:KHH	Kaohsiung
    TW:KIN	Kinmen
    TW:LIE	Lienchiang
    TW:MIA	Miaoli
    TW:NAN	Nantou
    TW:NWT	New Taipei
    TW:PEN	Penghu
    TW:PIF	Pingtung
    TW:TAO	Taoyuan
    TW:TNN	Tainan
    TW:TPE	Taipei
    TW:TTT	Taitung
    TW:TXG	Taichung
    TW:YUN	Yunlin
    UG:C	Central
    UG:E	Eastern
    UG:N	Northern
    UG:W	Western
    US:AK	Alaska
    US:AL	Alabama
    US:AR	Arkansas
    US:AS	American Samoa
    US:AZ	Arizona
    US:CA	California
    US:CO	Colorado
    US:CT	Connecticut
    US:DC	District of Columbia
    US:DE	Delaware
    US:FL	Florida
    US:GA	Georgia
    US:GU	Guam
    US:HI	Hawaii
    US:IA	Iowa
    US:ID	Idaho
    US:IL	Illinois
    US:IN	Indiana
    US:KS	Kansas
    US:KY	Kentucky
    US:LA	Louisiana
    US:MA	Massachusetts
    US:MD	Maryland
    US:ME	Maine
    US:MI	Michigan
    US:MN	Minnesota
    US:MO	Missouri
    US:MP	Northern Mariana Islands
    US:MS	Mississippi
    US:MT	Montana
    US:NC	North Carolina
    US:ND	North Dakota
    US:NE	Nebraska
    US:NH	New Hampshire
    US:NJ	New Jersey
    US:NM	New Mexico
    US:NV	Nevada
    US:NY	New York
    US:OH	Ohio
    US:OK	Oklahoma
    US:OR	Oregon
    US:PA	Pennsylvania
    US:PR	Puerto Rico
    US:RI	Rhode Island
    US:SC	South Carolina
    US:SD	South Dakota
    US:TN	Tennessee
    US:TX	Texas
    US:UM	United States Minor Outlying Islands
    US:UT	Utah
    US:VA	Virginia
    US:VI	Virgin Islands, U.S.
    US:VT	Vermont
    US:WA	Washington
    US:WI	Wisconsin
    US:WV	West Virginia
    US:WY	Wyoming
    UY:AR	Artigas
    UY:CA	Canelones
    UY:CL	Cerro Largo
    UY:CO	Colonia
    UY:DU	Durazno
    UY:FD	Florida
    UY:FS	Flores
    UY:LA	Lavalleja
    UY:MA	Maldonado
    UY:MO	Montevideo
    UY:PA	Paysandú
    UY:RN	Río Negro
    UY:RO	Rocha
    UY:RV	Rivera
    UY:SA	Salto
    UY:SJ	San José
    UY:SO	Soriano
    UY:TA	Tacuarembó
    UY:TT	Treinta y Tres
    UZ:AN	Andijon
    UZ:BU	Buxoro
    UZ:FA	Farg‘ona
    UZ:JI	Jizzax
    UZ:NG	Namangan
    UZ:NW	Navoiy
    UZ:QA	Qashqadaryo
    UZ:QR	Qoraqalpog‘iston Respublikasi
    UZ:SA	Samarqand
    UZ:SI	Sirdaryo
    UZ:SU	Surxondaryo
    UZ:TK	Toshkent
    UZ:TO	Toshkent
    UZ:XO	Xorazm
    VE:A	Distrito Capital
    VE:B	Anzoátegui
    VE:C	Apure
    VE:D	Aragua
    VE:E	Barinas
    VE:F	Bolívar
    VE:G	Carabobo
    VE:H	Cojedes
    VE:I	Falcón
    VE:J	Guárico
    VE:K	Lara
    VE:L	Mérida
    VE:M	Miranda
    VE:N	Monagas
    VE:O	Nueva Esparta
    VE:P	Portuguesa
    VE:R	Sucre
    VE:S	Táchira
    VE:T	Trujillo
    VE:U	Yaracuy
    VE:V	Zulia
    VE:W	Dependencias Federales
    VE:X	La Guaira
    VE:Y	Delta Amacuro
    VE:Z	Amazonas
    VN:CT	Cần Thơ
    VN:DN	Đà Nẵng
    VN:HN	Hà Nội
    VN:HP	Hải Phòng
    VN:SG	Hồ Chí Minh
    VU:MAP	Malampa
    VU:PAM	Pénama
    VU:SAM	Sanma
    VU:SEE	Shéfa
    VU:TAE	Taféa
    VU:TOB	Torba
    WF:AL	Alo
    WF:SG	Sigave
    WF:UV	Uvea
    WS:AA	A'ana
    WS:AL	Aiga-i-le-Tai
    WS:AT	Atua
    WS:FA	Fa'asaleleaga
    WS:GE	Gaga'emauga
    WS:GI	Gagaifomauga
    WS:PA	Palauli
    WS:SA	Satupa'itea
    WS:TU	Tuamasaga
    WS:VF	Va'a-o-Fonoti
    WS:VS	Vaisigano
    YE:AB	Abyan
    YE:AD	‘Adan
    YE:AM	‘Amrān
    YE:BA	Al Bayḑā’
    YE:DA	Aḑ Ḑāli‘
    YE:DH	Dhamār
    YE:HD	Ḩaḑramawt
    YE:HJ	Ḩajjah
    YE:HU	Al Ḩudaydah
    YE:IB	Ibb
    YE:JA	Al Jawf
    YE:LA	Laḩij
    YE:MA	Ma’rib
    YE:MR	Al Mahrah
    YE:MW	Al Maḩwīt
    YE:RA	Raymah
    YE:SA	Amānat al ‘Āşimah [city]
    YE:SD	Şāʻdah
    YE:SH	Shabwah
    YE:SN	Şanʻā’
    YE:SU	Arkhabīl Suquţrá
    YE:TA	Tāʻizz
    ZA:EC	Eastern Cape
    ZA:FS	Free State
    ZA:GP	Gauteng
    ZA:KZN	Kwazulu-Natal
    ZA:LP	Limpopo
    ZA:MP	Mpumalanga
    ZA:NC	Northern Cape
    ZA:NW	North-West
    ZA:WC	Western Cape
    ZW:BU	Bulawayo
    ZW:HA	Harare
    ZW:MA	Manicaland
    ZW:MC	Mashonaland Central
    ZW:ME	Mashonaland East
    ZW:MI	Midlands
    ZW:MN	Matabeleland North
    ZW:MS	Matabeleland South
    ZW:MV	Masvingo
    ZW:MW	Mashonaland West
    """
}
