"""Validates JSON documents against docs/schema/refresh-host.schema.json with
a real JSON Schema validator (Debian's python3-jsonschema).

usage: check_json_schema.py SCHEMA FILE...   each FILE holds one document, or
JSON Lines (one document per line) when its name ends in .jsonl. Prints one
line per problem (file:line: path: message) and exits 1 if there was any.
"""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
problems = 0
for name in sys.argv[2:]:
    text = open(name).read()
    documents = [(i + 1, line) for i, line in enumerate(text.splitlines())] if name.endswith(".jsonl") else [(1, text)]
    for number, document in documents:
        try:
            instance = json.loads(document)
        except ValueError as error:
            print(f"{name}:{number}: not JSON: {error}")
            problems += 1
            continue
        # oneOf gives one error for the whole document; the kind's own definition says which field is wrong.
        kind = instance.get("kind") if isinstance(instance, dict) else None
        target = schema["$defs"].get("style" if kind == "style" else kind) if kind else None
        checker = jsonschema.Draft202012Validator({**target, "$defs": schema["$defs"]}) if target else validator
        for error in sorted(checker.iter_errors(instance), key=lambda e: list(e.path)):
            where = "/".join(str(p) for p in error.path) or "(top)"
            print(f"{name}:{number}: {where}: {error.message[:300]}")
            problems += 1
        if target:
            for error in validator.iter_errors(instance):
                print(f"{name}:{number}: (whole schema): {error.message[:300]}")
                problems += 1
sys.exit(1 if problems else 0)
