# FindGraphBLAS.cmake for the test client: the steps of LAGraph 1.1's GraphBLAS finder that a
# GraphBLAS CMake package has to survive, restated here (this is not LAGraph's file):
# 1. look for GraphBLASConfig.cmake in the build tree only; a GraphBLAS_DIR given on the command
#    line or cached by an earlier configure is searched first, so both take this branch;
# 2. failing that, CMake's standard package search (CMAKE_PREFIX_PATH ...);
# 3. after branch 1, for a version below 8.3.0, the fix-up meant for SuiteSparse 8.2 build trees:
#    the target's INTERFACE_INCLUDE_DIRECTORIES, unquoted, in if(IS_DIRECTORY .../Include). With
#    more than one directory that if() has too many arguments and the configure fails;
# 4. GraphBLAS::GraphBLAS as an ALIAS of SuiteSparse::GraphBLAS (which must be GLOBAL for that).
# It reports the branch taken ("finder branch: 1" or "2") for install-tree.sh to check.
find_package(GraphBLAS ${GraphBLAS_FIND_VERSION} CONFIG PATHS ${CMAKE_BINARY_DIR} NO_DEFAULT_PATH)
set(_client_branch 1)
if(NOT TARGET SuiteSparse::GraphBLAS)
    find_package(GraphBLAS ${GraphBLAS_FIND_VERSION} CONFIG)
    set(_client_branch 2)
endif()
if(NOT TARGET SuiteSparse::GraphBLAS)
    message(FATAL_ERROR "GraphBLASConfig.cmake not found")
endif()
message(STATUS "finder branch: ${_client_branch}")

if(GRAPHBLAS_VERSION LESS "8.3.0" AND _client_branch EQUAL 1)
    get_property(_client_inc TARGET SuiteSparse::GraphBLAS PROPERTY INTERFACE_INCLUDE_DIRECTORIES)
    if(IS_DIRECTORY ${_client_inc}/Include)
        target_include_directories(SuiteSparse::GraphBLAS INTERFACE ${_client_inc}/Include)
    endif()
endif()
add_library(GraphBLAS::GraphBLAS ALIAS SuiteSparse::GraphBLAS)
