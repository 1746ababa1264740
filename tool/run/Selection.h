//===- Selection.h - Which files one run analyzes --------------*- C++ -*-===//
//
// --shard=K/N splits the files of one run across N CI machines, and
// --changed-since=REF keeps the files a change can affect.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_SELECTION_H
#define ERRLINT_SELECTION_H

#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>
#include <vector>

namespace errlint {

/// Shard Index (1-based) of Count.
struct ShardSpec {
  unsigned Index = 1;
  unsigned Count = 1;
};

/// Parses "K/N" with 1 <= K <= N.
bool parseShard(llvm::StringRef Text, ShardSpec &Out, std::string &Error);

/// The files of one shard, in their order in Files. Every machine computes
/// the same split: files go, largest first (ties by path), to the shard
/// with the fewest bytes so far (ties: the lowest shard), so each shard gets
/// about the same amount of source to parse.
std::vector<std::string> filesOfShard(const std::vector<std::string> &Files,
                                      ShardSpec Shard);

/// The files that differ from git revision Ref in the work tree holding Dir:
/// changed by later commits, staged, modified, or new and not ignored. Paths
/// are absolute, with symbolic links resolved when the file exists.
bool changedFilesSince(llvm::StringRef Ref, llvm::StringRef Dir,
                       std::set<std::string> &Out, std::string &Error);

} // namespace errlint

#endif
