//===- Schedule.h - Which units to analyze first ----------------*- C++ -*-===//
//
// Protocols and facts cross translation units: a class defined in pipe.cpp
// is used from main.cpp. A unit analyzed before the units that define what
// it uses must wait for a second analysis, so the runner starts the
// definers first. What defines what is guessed cheaply, before any parse:
// pipe.cpp defines what pipe.h declares, and main.cpp needs it when it
// includes pipe.h (directly or through other project headers), read
// lexically. A wrong guess costs time, never findings: the second pass
// catches what the first missed. No clang header here.
//
//===----------------------------------------------------------------------===//

#ifndef ERRLINT_SCHEDULE_H
#define ERRLINT_SCHEDULE_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace errlint {

/// Reads `#include "..."` lines (not <...>: system headers define nothing a
/// project's units define) and follows them through the project's headers.
class IncludeScanner {
public:
  /// The stems ("pipe" for src/pipe.h) of the headers File reaches through
  /// quoted includes, resolved against the including file's directory, then
  /// IncludeDirs (the command's -I and -iquote directories, absolute).
  std::set<std::string> headerStems(const std::string &File,
                                    const std::vector<std::string> &IncludeDirs);

private:
  /// The quoted include names written in a file (memoized: headers are
  /// shared by many units).
  const std::vector<std::string> &includesIn(const std::string &File);
  std::map<std::string, std::vector<std::string>> Written;
};

/// The -I and -iquote directories of a compile command line, made absolute
/// against Directory.
std::vector<std::string> quotedIncludeDirs(const std::vector<std::string> &Args,
                                           const std::string &Directory);

/// The start order of units, and what each waits for.
struct Schedule {
  /// Indices into the files, definers before the units that include their
  /// headers; within a level, the largest first when LargestFirst, else the
  /// order given.
  std::vector<size_t> Order;
  /// For each file, the files to analyze that define what it uses (never
  /// itself); a cycle's back edges are dropped.
  std::vector<std::vector<size_t>> Definers;
  /// For each file, its level: 0 for a unit that needs no other, else one
  /// more than its deepest definer.
  std::vector<unsigned> Level;
};

/// Orders ToAnalyze (indices into Files). HeaderStems[I] is what
/// IncludeScanner found for Files[I]; Sizes[I] its size in bytes.
Schedule definersFirst(const std::vector<std::string> &Files,
                       const std::vector<size_t> &ToAnalyze,
                       const std::vector<std::set<std::string>> &HeaderStems,
                       const std::vector<uint64_t> &Sizes, bool LargestFirst);

/// The stem the schedule matches a file by: "pipe" for src/pipe.cpp.
std::string unitStem(const std::string &Path);

} // namespace errlint

#endif // ERRLINT_SCHEDULE_H
