//===- CompileDb.h - Checks a compile_commands.json -------------*- C++ -*-===//
#ifndef ERRLINT_COMPILEDB_H
#define ERRLINT_COMPILEDB_H

#include "Catalog.h"
#include <string>
#include <vector>

namespace errlint {

/// Checks that Path holds a JSON compilation database as clang's tooling
/// reads it (an array of objects with "directory", "file" and "command" or
/// "arguments"), reporting each problem with its line, column and field.
/// Clang's own loader says little more than "Missing key" on bad input.
bool validateCompileDatabase(const std::string &Path,
                             std::vector<LoadError> &Errors);

} // namespace errlint

#endif
