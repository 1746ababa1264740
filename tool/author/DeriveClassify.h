//===- DeriveClassify.h - What errlint can check of a record ----*- C++ -*-===//
//
// Each record is sorted before a rule is drafted for it: a lifecycle (use
// after close, double close, close while in use), a single risky call shape
// (an AST-matcher draft), or out of reach for static analysis, with the
// reason. The record's own code decides first (the guard that throws its
// message); its words only when the code says nothing.
// No clang header is included.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_DERIVECLASSIFY_H
#define ERRLINT_DERIVECLASSIFY_H

#include "Catalog.h"
#include "DeriveJava.h"
#include <optional>
#include <string>
#include <vector>

namespace errlint {

enum class RecordKind { Lifecycle, CallShape, OutOfReach };

/// Why a record is out of reach for static analysis.
enum class ReachReason {
  None,
  RuntimeValue,  ///< The failure depends on a value only known at run time.
  RemotePeer,    ///< On the state of a remote peer or the network.
  Configuration, ///< On configuration or the environment.
  NoCode,        ///< The record quotes no code to read.
  NoShape,       ///< Its code reads as neither a lifecycle nor a call shape.
};

struct Sorting {
  RecordKind Kind = RecordKind::OutOfReach;
  ReachReason Reason = ReachReason::None;
  std::string Why; ///< One sentence, with the evidence.
  std::optional<JavaGuard> Thrower;
  std::optional<JavaProtocol> Protocol;
};

/// "lifecycle", "call shape", "out of reach".
const char *kindName(RecordKind K);
/// "runtime value", "remote peer", "configuration", "no code", "no shape".
const char *reasonName(ReachReason R);

/// The sorting the record's sourceCode decides, if it decides one: the
/// guard that throws the record's message tests a flag (a lifecycle), an
/// argument against a literal or nothing (a call shape), or a value known
/// at run time only (out of reach).
std::optional<Sorting> sortByCode(const Record &Rec, const JavaFacts &F);

/// Out of reach, with the reason the record's words give.
Sorting sortByWords(const Record &Rec);

/// The clang-query matcher (one line per element) that finds the call
/// shape G forbids, on objects of Class (any class when empty); binds
/// "call". Empty when G is no call shape errlint can match.
std::vector<std::string> callShapeMatcher(const JavaGuard &G,
                                          const std::string &Class);

/// What the call shape's finding says.
std::string callShapeMessage(const JavaGuard &G, const Record &Rec);

} // namespace errlint

#endif
