/* fuzz-health.h — the libFuzzer entry point shared by the fuzz targets and
 * by fuzz-replay.c, which feeds the fixtures through the same code in the
 * regular unit suite.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);
