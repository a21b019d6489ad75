/* ops_builtin.c: (in progress) */
#include "GG_internal.h"
