# Builds SPARC V9 Linux programs with Debian's cross gcc: the project's, from
# sw/, and (installed with the Fireplane package) a user's. Programs land in
# ${CMAKE_BINARY_DIR}/sw/<subdir>/<name>; <subdir> is the source folder's
# path below sw/ (or below the project's root, outside sw/).
#
#   fireplane_sparc_program(NAME hello SOURCES hello.c [CFLAGS -O2 ...] [LIBS -lm]
#                           [OPTIMIZE O0 O1 O3])
#
# Programs are static and big-endian sparc64, as the user-mode loader expects.
# Without an -O flag in CFLAGS a program is built at -O2. OPTIMIZE builds the
# same sources again once per listed level, as <name>_<level> (e.g. hello_O0),
# so the ISS sees what gcc emits at every optimisation level.
#
# Every program is recorded in the global property FIREPLANE_SPARC_PROGRAMS as
# "<subdir>/<name>", so test directories can add one test per program.

find_program(SPARC_CC sparc64-linux-gnu-gcc)
find_program(SPARC_CXX sparc64-linux-gnu-g++)
find_program(SPARC_OBJCOPY sparc64-linux-gnu-objcopy)
# The guest-side headers (fireplane_magic.h, ...): sw/lib in the source tree;
# the installed package sets its own.
if(NOT FIREPLANE_SPARC_INCLUDE_DIR)
  # Absolute and without "..": the path is written into every program's debug information.
  get_filename_component(FIREPLANE_SPARC_INCLUDE_DIR ${CMAKE_CURRENT_LIST_DIR}/../sw/lib ABSOLUTE)
endif()

if(NOT TARGET sparc_programs)
  add_custom_target(sparc_programs ALL)
endif()

# One program from one set of flags, the worker behind fireplane_sparc_program
# and fireplane_firmware_image: ${CMAKE_BINARY_DIR}/sw/<subdir>/<name>, built
# by the target sw_<subdir>_<name> under `sparc_programs`. RECORD lists it in
# FIREPLANE_SPARC_PROGRAMS (the Linux programs tests run); DEPENDS names inputs
# the compiler's depfile does not (a linker script).
function(_fireplane_sparc_build name subdir compiler sources cflags libs)
  cmake_parse_arguments(B "RECORD" "" "DEPENDS" ${ARGN})
  set(out_dir ${CMAKE_BINARY_DIR}/sw/${subdir})
  set(out ${out_dir}/${name})
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${out_dir}
    COMMAND ${compiler} -static -g ${cflags} -MMD -MF ${out}.d -o ${out} ${sources} ${libs}
    DEPENDS ${sources} ${B_DEPENDS}
    DEPFILE ${out}.d
    COMMENT "SPARC ${subdir}/${name}"
    VERBATIM)
  string(REPLACE "/" "_" target_name "sw_${subdir}_${name}")
  add_custom_target(${target_name} DEPENDS ${out})
  add_dependencies(sparc_programs ${target_name})
  if(B_RECORD)
    set_property(GLOBAL APPEND PROPERTY FIREPLANE_SPARC_PROGRAMS "${subdir}/${name}")
  endif()
endfunction()

# The caller's flags, at -O2 unless they name a level.
function(_fireplane_default_level var)
  set(flags ${${var}})
  if(NOT flags MATCHES "(^|;)-O")
    list(PREPEND flags -O2)
  endif()
  set(${var} ${flags} PARENT_SCOPE)
endfunction()

function(fireplane_sparc_program)
  cmake_parse_arguments(P "" "NAME;SUBDIR" "SOURCES;CFLAGS;LIBS;OPTIMIZE" ${ARGN})
  if(NOT SPARC_CC OR NOT SPARC_CXX)
    message(FATAL_ERROR "sparc64-linux-gnu-gcc/g++ not found: install Debian's "
                        "gcc-sparc64-linux-gnu and g++-sparc64-linux-gnu (scripts/setup)")
  endif()
  if(NOT P_SUBDIR)
    set(root ${PROJECT_SOURCE_DIR}/sw)
    string(FIND "${CMAKE_CURRENT_SOURCE_DIR}/" "${root}/" under_sw)
    if(NOT under_sw EQUAL 0)
      set(root ${PROJECT_SOURCE_DIR})
    endif()
    file(RELATIVE_PATH P_SUBDIR ${root} ${CMAKE_CURRENT_SOURCE_DIR})
    if(P_SUBDIR STREQUAL "")
      set(P_SUBDIR .)
    endif()
  endif()
  set(compiler ${SPARC_CC})
  foreach(src ${P_SOURCES})
    if(src MATCHES "\\.(cc|cpp|cxx)$")
      set(compiler ${SPARC_CXX})
    endif()
  endforeach()
  set(abs_sources)
  foreach(src ${P_SOURCES})
    list(APPEND abs_sources ${CMAKE_CURRENT_SOURCE_DIR}/${src})
  endforeach()

  set(cflags ${P_CFLAGS})
  _fireplane_default_level(cflags)
  _fireplane_sparc_build(${P_NAME} ${P_SUBDIR} ${compiler} "${abs_sources}"
                         "${cflags};-I${FIREPLANE_SPARC_INCLUDE_DIR}" "${P_LIBS}" RECORD)

  # Variants: the caller's flags with its -O level swapped for each listed one.
  set(base_flags ${P_CFLAGS})
  list(FILTER base_flags EXCLUDE REGEX "^-O")
  foreach(level ${P_OPTIMIZE})
    if(NOT level MATCHES "^O([0-3sgz]|fast)$")
      message(FATAL_ERROR "fireplane_sparc_program(${P_NAME}): bad OPTIMIZE level '${level}'")
    endif()
    _fireplane_sparc_build(${P_NAME}_${level} ${P_SUBDIR} ${compiler} "${abs_sources}"
                           "-${level};${base_flags};-I${FIREPLANE_SPARC_INCLUDE_DIR}" "${P_LIBS}"
                           RECORD)
  endforeach()
endfunction()

# The names of the recorded programs in `subdir` (FIREPLANE_SPARC_PROGRAMS), in
# build order; with NO_VARIANTS, without the OPTIMIZE copies (<name>_O0 ...).
function(fireplane_recorded_programs out subdir)
  cmake_parse_arguments(R "NO_VARIANTS" "" "" ${ARGN})
  get_property(all GLOBAL PROPERTY FIREPLANE_SPARC_PROGRAMS)
  set(names)
  foreach(entry ${all})
    if(NOT entry MATCHES "^${subdir}/(.+)$")
      continue()
    endif()
    set(name ${CMAKE_MATCH_1}) # before another MATCHES overwrites it
    if(R_NO_VARIANTS AND name MATCHES "_O([0-3sgz]|fast)$")
      continue()
    endif()
    list(APPEND names ${name})
  endforeach()
  set(${out} ${names} PARENT_SCOPE)
endfunction()
