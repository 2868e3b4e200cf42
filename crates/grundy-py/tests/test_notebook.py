"""docs/researcher.ipynb runs top to bottom in a fresh kernel (nbclient) and says what it said
when it was written: every cell's text output is the one stored in the notebook, and every
picture stored there (a sequence, a thermograph, a table) is drawn again as SVG inline. Needs
nbclient, nbformat and ipykernel (`.ci/run` installs them with pytest)."""

import pathlib

import nbformat
from nbclient import NotebookClient

NOTEBOOK = pathlib.Path(__file__).resolve().parents[3] / "docs" / "researcher.ipynb"


def shown(output):
    """What a cell's output says as text, and which kinds of picture it holds."""
    data = output.get("data", {})
    text = data.get("text/plain", output.get("text", output.get("evalue")))
    pictures = sorted(k for k in data if k in ("image/svg+xml", "text/html"))
    return output.get("output_type"), text, pictures


def test_the_notebook_runs_and_says_what_it_said():
    stored = nbformat.read(NOTEBOOK, as_version=4)
    fresh = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(fresh, timeout=600, kernel_name="python3", record_timing=False).execute()
    checked = 0
    for i, (old, new) in enumerate(zip(stored.cells, fresh.cells)):
        if old.cell_type != "code":
            continue
        assert [shown(o) for o in new.outputs] == [shown(o) for o in old.outputs], f"cell {i}"
        for o in new.outputs:
            svg = o.get("data", {}).get("image/svg+xml")
            if svg is not None:
                assert "<svg" in svg, f"cell {i}"
        checked += 1
    assert checked >= 10
    pictures = [o for c in fresh.cells if c.cell_type == "code" for o in c.outputs
                if "image/svg+xml" in o.get("data", {})]
    assert len(pictures) >= 3
