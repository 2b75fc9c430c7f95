"""What the Python scripts of these tests share: checks, counted and printed as they run, and a
summary at the end whose exit status says whether any failed.

    from checks import check, raises, finish
    check("one code", db.lookup("75075").zip == "75075")
    finish()
"""
import sys

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else f": {detail}"))
    if ok:
        passed += 1
    else:
        failed += 1


def raises(call, kind):
    """The message of the exception of type `kind` that call() raises, or None."""
    try:
        call()
    except kind as error:
        return str(error)
    return None


def finish():
    """Prints how many checks passed and failed, and exits with 1 when any failed."""
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
