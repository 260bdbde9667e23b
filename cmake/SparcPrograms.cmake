# Builds SPARC V9 Linux programs from sw/ with Debian's cross gcc.
# Programs land in ${CMAKE_BINARY_DIR}/sw/<subdir>/<name>.
#
#   fireplane_sparc_program(NAME hello SOURCES hello.c [CFLAGS -O2 ...] [LIBS -lm])
#
# Programs are static and big-endian sparc64, as the user-mode loader expects.

find_program(SPARC_CC sparc64-linux-gnu-gcc)
find_program(SPARC_CXX sparc64-linux-gnu-g++)
if(NOT SPARC_CC OR NOT SPARC_CXX)
  message(FATAL_ERROR "sparc64-linux-gnu-gcc/g++ not found: run scripts/setup")
endif()

add_custom_target(sparc_programs ALL)

function(fireplane_sparc_program)
  cmake_parse_arguments(P "" "NAME;SUBDIR" "SOURCES;CFLAGS;LIBS" ${ARGN})
  if(NOT P_SUBDIR)
    file(RELATIVE_PATH P_SUBDIR ${PROJECT_SOURCE_DIR}/sw ${CMAKE_CURRENT_SOURCE_DIR})
  endif()
  set(out_dir ${CMAKE_BINARY_DIR}/sw/${P_SUBDIR})
  set(out ${out_dir}/${P_NAME})
  set(compiler ${SPARC_CC})
  foreach(src ${P_SOURCES})
    if(src MATCHES "\\.(cc|cpp|cxx)$")
      set(compiler ${SPARC_CXX})
    endif()
  endforeach()
  if(NOT P_CFLAGS)
    set(P_CFLAGS -O2)
  endif()
  set(abs_sources)
  foreach(src ${P_SOURCES})
    list(APPEND abs_sources ${CMAKE_CURRENT_SOURCE_DIR}/${src})
  endforeach()
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${out_dir}
    COMMAND ${compiler} -static -g ${P_CFLAGS} -I${PROJECT_SOURCE_DIR}/sw/lib -o ${out} ${abs_sources} ${P_LIBS}
    DEPENDS ${abs_sources}
    COMMENT "SPARC ${P_SUBDIR}/${P_NAME}"
    VERBATIM)
  string(REPLACE "/" "_" target_name "sw_${P_SUBDIR}_${P_NAME}")
  add_custom_target(${target_name} DEPENDS ${out})
  add_dependencies(sparc_programs ${target_name})
endfunction()
