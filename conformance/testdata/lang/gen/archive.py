"""Writes a generated lang archive, without its want sections (../regen
writes them from the oracles)."""
import os


def write(name, comment, nodes, files, site):
    """Writes ../NAME.txtar: comment, the nodes line, each (path, text) of
    files, and manifests/site.pp's text site. A file's text ends with a
    newline, as txtar keeps it."""
    parts = [comment.rstrip("\n") + "\nnodes: " + " ".join(nodes) + "\n"]
    for path, text in files:
        parts.append(f"-- {path} --\n{text}" + ("" if text.endswith("\n") else "\n"))
    parts.append("-- manifests/site.pp --\n" + site)
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", name + ".txtar"), "w") as f:
        f.write("".join(parts))
