# Host-only unit tests (Catch2), one ctest per TEST_CASE, labelled `unit`:
#
#   fireplane_unit_tests(cache_tests "cache." [TIMEOUT 60 ...])
#
# They need nothing built but themselves, so the `unit_tests` target builds
# just them: `scripts/test --sanitize --unit` (what CI runs under the
# sanitizers) builds that target and runs `ctest -L unit`.
add_custom_target(unit_tests)

function(fireplane_unit_tests target prefix)
  catch_discover_tests(${target} TEST_PREFIX "${prefix}" PROPERTIES LABELS unit ${ARGN})
  add_dependencies(unit_tests ${target})
endfunction()
