"""A generated page: the DSL reference (``python docs/write_generated.py``).

``redcode_rules.render.dsl_reference.dsl_reference()`` reads the grammar, the effect
primitives, the selectors, the target kinds and the rule options, so a new
primitive or keyword appears on this page without editing the docs.
"""

import mkdocs_gen_files

from redcode_rules.render.dsl_reference import dsl_reference

with mkdocs_gen_files.open("dsl-reference.md", "w") as f:
    f.write(dsl_reference())
