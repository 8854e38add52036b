"""Unified diffs from git and diff -u: paths, hunks, exact line numbers,
and errors for malformed input; pure."""

from __future__ import annotations

import pytest

from hippograph.errors import IngestError
from hippograph.repo.diff import FilePatch, Hunk, parse_diff

# `git diff --cached -M` of a real change: edit, deletion, new file, mode change,
# no-newline marker, rename.
GIT_DIFF = """\
diff --git a/billing.py b/billing.py
index d6ae237..2aa1e5f 100644
--- a/billing.py
+++ b/billing.py
@@ -1,9 +1,10 @@
 import decimal

+VAT_RATE = decimal.Decimal("0.2")
+

 def vat(amount):
-    rate = decimal.Decimal("0.2")
-    return amount * rate
+    return amount * VAT_RATE


 def total(amount):
diff --git a/legacy.txt b/legacy.txt
deleted file mode 100644
index c5d87bd..0000000
--- a/legacy.txt
+++ /dev/null
@@ -1,2 +0,0 @@
-old
-legacy
diff --git a/retry.py b/retry.py
new file mode 100644
index 0000000..259fe64
--- /dev/null
+++ b/retry.py
@@ -0,0 +1 @@
+retry = 3
diff --git a/run.sh b/run.sh
old mode 100644
new mode 100755
diff --git a/settings.py b/settings.py
index b8a1de5..79d0094 100644
--- a/settings.py
+++ b/settings.py
@@ -1,2 +1,2 @@
 DEBUG = False
-TIMEOUT = 30
\\ No newline at end of file
+TIMEOUT = 10
diff --git a/cache.py b/store.py
similarity index 78%
rename from cache.py
rename to store.py
index e936d4f..909504a 100644
--- a/cache.py
+++ b/store.py
@@ -3,7 +3,7 @@ class Cache:
         self.items = {}

     def get(self, key):
-        return self.items.get(key)
+        return self.items.get(key, None)

     def put(self, key, value):
         self.items[key] = value
"""

EXPECTED = [
    FilePatch(
        "billing.py",
        "billing.py",
        (
            Hunk(
                1,
                9,
                1,
                10,
                added=(
                    (3, 'VAT_RATE = decimal.Decimal("0.2")'),
                    (4, ""),
                    (7, "    return amount * VAT_RATE"),
                ),
                removed=((5, '    rate = decimal.Decimal("0.2")'), (6, "    return amount * rate")),
            ),
        ),
        False,
    ),
    FilePatch("legacy.txt", None, (Hunk(1, 2, 0, 0, (), ((1, "old"), (2, "legacy"))),), False),
    FilePatch(None, "retry.py", (Hunk(0, 0, 1, 1, ((1, "retry = 3"),), ()),), False),
    FilePatch("run.sh", "run.sh", (), False),
    FilePatch(
        "settings.py",
        "settings.py",
        (Hunk(1, 2, 1, 2, ((2, "TIMEOUT = 10"),), ((2, "TIMEOUT = 30"),)),),
        False,
    ),
    FilePatch(
        "cache.py",
        "store.py",
        (
            Hunk(
                3,
                7,
                3,
                7,
                ((6, "        return self.items.get(key, None)"),),
                ((6, "        return self.items.get(key)"),),
            ),
        ),
        False,
    ),
]


def test_git_diff_multi_file() -> None:
    assert parse_diff(GIT_DIFF) == EXPECTED


def test_crlf_diff_gives_the_same_patches() -> None:
    assert parse_diff(GIT_DIFF.replace("\n", "\r\n")) == EXPECTED


def test_empty_diff() -> None:
    assert parse_diff("") == []
    assert parse_diff("\n  \n") == []


def test_plain_diff_u_with_timestamps_and_epoch_for_missing_files() -> None:
    text = (
        "diff -ruN a/added.txt b/added.txt\n"
        "--- a/added.txt\t1970-01-01 00:00:00.000000000 +0000\n"
        "+++ b/added.txt\t2024-11-30 09:59:48.347440646 +0000\n"
        "@@ -0,0 +1 @@\n"
        "+new\n"
        "diff -ruN a/db.conf b/db.conf\n"
        "--- a/db.conf\t2024-11-30 09:59:48.347440646 +0000\n"
        "+++ b/db.conf\t2024-11-30 09:59:48.347440646 +0000\n"
        "@@ -1,3 +1,4 @@\n"
        '-host = "localhost"\n'
        '+host = "db.internal"\n'
        " port = 5432\n"
        ' user = "app"\n'
        "+pool = 10\n"
        "diff -ruN a/gone.txt b/gone.txt\n"
        "--- a/gone.txt\t2024-11-30 09:59:48.347440646 +0000\n"
        "+++ b/gone.txt\t1970-01-01 01:00:00.000000000 +0100\n"
        "@@ -1 +0,0 @@\n"
        "-x\n"
        "Only in a: cache\n"
        "Binary files a/img.bin and b/img.bin differ\n"
    )
    assert parse_diff(text) == [
        FilePatch(None, "added.txt", (Hunk(0, 0, 1, 1, ((1, "new"),), ()),), False),
        FilePatch(
            "db.conf",
            "db.conf",
            (
                Hunk(
                    1,
                    3,
                    1,
                    4,
                    ((1, 'host = "db.internal"'), (4, "pool = 10")),
                    ((1, 'host = "localhost"'),),
                ),
            ),
            False,
        ),
        FilePatch("gone.txt", None, (Hunk(1, 1, 0, 0, (), ((1, "x"),)),), False),
        FilePatch("img.bin", "img.bin", (), True),
    ]


def test_plain_diff_keeps_paths_without_a_b_prefixes() -> None:
    text = (
        "--- config/old.yml\t2024-03-01 10:00:00 +0100\n"
        "+++ config/new.yml\t2024-03-02 10:00:00 +0100\n@@ -2 +2 @@\n-a: 1\n+a: 2\n"
    )
    assert parse_diff(text) == [
        FilePatch(
            "config/old.yml",
            "config/new.yml",
            (Hunk(2, 1, 2, 1, ((2, "a: 2"),), ((2, "a: 1"),)),),
            False,
        )
    ]


def test_pure_rename_binary_and_quoted_paths() -> None:
    text = (
        "diff --git a/docs/old name.md b/docs/new name.md\n"
        "similarity index 100%\n"
        "rename from docs/old name.md\n"
        "rename to docs/new name.md\n"
        'diff --git "a/na\\303\\257ve.txt" "b/na\\303\\257ve.txt"\n'
        "new file mode 100644\n"
        "index 0000000..b77b4eb\n"
        "--- /dev/null\n"
        '+++ "b/na\\303\\257ve.txt"\n'
        "@@ -0,0 +1,2 @@\n"
        "+x\n"
        "+y\n"
        "diff --git a/logo.png b/logo.png\n"
        "new file mode 100644\n"
        "index 0000000000000000000000000000000000000000..00ffac900d2cff292237a83e04efac71be67fa29\n"
        "GIT binary patch\n"
        "literal 2\n"
        "JcmZQz1pojC00sa6\n"
        "\n"
        "literal 0\n"
        "HcmV?d00001\n"
        "\n"
        "diff --git a/my file.txt b/my file.txt\n"
        "index 1111111..2222222 100644\n"
        "Binary files a/my file.txt and b/my file.txt differ\n"
        "diff --git a/empty.txt b/empty.txt\n"
        "deleted file mode 100644\n"
        "index e69de29..0000000\n"
    )
    assert parse_diff(text) == [
        FilePatch("docs/old name.md", "docs/new name.md", (), False),
        FilePatch(None, "naïve.txt", (Hunk(0, 0, 1, 2, ((1, "x"), (2, "y")), ()),), False),
        FilePatch(None, "logo.png", (), True),
        FilePatch("my file.txt", "my file.txt", (), True),
        FilePatch("empty.txt", None, (), False),
    ]


def test_removed_lines_that_look_like_file_headers_are_counted_by_the_hunk() -> None:
    text = (
        "--- a/schema.sql\n+++ b/schema.sql\n"
        "@@ -1,3 +1,2 @@\n"
        "--- drop this comment\n"
        "+++ counter\n"
        "-CREATE TABLE t (id int);\n"
        " -- keep\n"
    )
    [patch] = parse_diff(text)
    assert patch.hunks == (
        Hunk(
            1,
            3,
            1,
            2,
            ((1, "++ counter"),),
            ((1, "-- drop this comment"), (2, "CREATE TABLE t (id int);")),
        ),
    )


def test_email_patch_with_message_and_signature() -> None:
    text = (
        "From 1a2b3c Mon Sep 17 00:00:00 2001\n"
        "From: Ana Lima <ana@example.com>\n"
        "Subject: [PATCH] fix: stale cache\n"
        "\n"
        "---\n"
        " cache.py | 2 +-\n"
        "\n"
        "diff --git a/cache.py b/cache.py\n"
        "--- a/cache.py\n"
        "+++ b/cache.py\n"
        "@@ -10,3 +10,3 @@ def get(key):\n"
        "     value = CACHE.get(key)\n"
        "-    return value\n"
        "+    return value if value is not None else load(key)\n"
        "     # end\n"
        "-- \n"
        "2.39.5\n"
    )
    [patch] = parse_diff(text)
    assert patch == FilePatch(
        "cache.py",
        "cache.py",
        (
            Hunk(
                10,
                3,
                10,
                3,
                ((11, "    return value if value is not None else load(key)"),),
                ((11, "    return value"),),
            ),
        ),
        False,
    )


def test_a_context_line_whose_space_was_trimmed_still_counts() -> None:
    text = "--- a/x.py\n+++ b/x.py\n@@ -1,3 +1,3 @@\n a = 1\n\n-b = 2\n+b = 3\n"
    assert parse_diff(text)[0].hunks == (Hunk(1, 3, 1, 3, ((3, "b = 3"),), ((3, "b = 2"),)),)


def test_several_hunks_keep_their_own_numbering() -> None:
    text = "--- a/x\n+++ b/x\n@@ -2,0 +3,2 @@\n+one\n+two\n@@ -40 +42 @@ def f():\n-old\n+new\n"
    assert parse_diff(text)[0].hunks == (
        Hunk(2, 0, 3, 2, ((3, "one"), (4, "two")), ()),
        Hunk(40, 1, 42, 1, ((42, "new"),), ((40, "old"),)),
    )


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        (
            (
                "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n keep\n-old\n"
                "+new\ndiff --git a/y b/y\n"
            ),
            "line 4: hunk says 3 old and 3 new lines but 2 and 2 follow",
            4,
        ),
        (
            "--- a/x\n+++ b/x\n@@ -5,2 +5,3 @@\n ctx\n+one\n+two\n",
            "line 3: hunk says 2 old lines but 1 follow; the diff is cut or was edited by hand",
            3,
        ),
        (
            "--- a/x\n+++ b/x\n@@ -1 +1,3 @@\n-old\n+one\n+two\ndiff --git a/y b/y\n",
            "line 3: hunk says 3 new lines but 2 follow; the diff is cut or was edited by hand",
            3,
        ),
        (
            "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new\n+extra\n",
            "line 3: hunk says 1 old and 1 new lines but more follow at line 6",
            3,
        ),
        ("--- a/x\n+++ b/x\n@@ -1 +1\n-old\n+new\n", "line 3: malformed hunk header '@@ -1 +1'", 3),
        ("@@ -1 +1 @@\n-old\n+new\n", "line 1: hunk before any file header", 1),
        (
            "diff --git a/x b/x\nindex 1..2 100644\n--- a/x\n@@ -1 +1 @@\n",
            "line 3: a '--- ' file line is not followed by '+++ '",
            3,
        ),
        ("\nThis is a commit message,\nnot a diff.\n", "line 2: not a unified diff", 2),
    ],
)
def test_malformed_diffs_name_the_line(text: str, message: str, line: int) -> None:
    with pytest.raises(IngestError) as info:
        parse_diff(text)
    assert str(info.value).startswith(message)
    assert info.value.line == line
    assert info.value.path is None
