/* import_export.c: (in progress) */
#include "GG_internal.h"
