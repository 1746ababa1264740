//===- DeriveClassify.cpp - What errlint can check of a record ------------===//

#include "DeriveClassify.h"
#include "llvm/ADT/StringExtras.h"

namespace errlint {
namespace {

bool mentionsAny(const std::string &Text,
                 std::initializer_list<const char *> Words) {
  for (const char *W : Words)
    if (Text.find(W) != std::string::npos)
      return true;
  return false;
}

/// The record's words, lower-case: message, class, tags.
std::string wordsOf(const Record &Rec) {
  return llvm::StringRef(Rec.ErrorMessage + " " + Rec.ErrorClass + " " +
                         Rec.BackgroundTag + " " + llvm::join(Rec.Tags, " "))
      .lower();
}

std::string where(const JavaGuard &G) {
  std::string S = "sourceCode line " + std::to_string(G.Line);
  if (!G.Method.empty())
    S += " ('" + G.Method + "')";
  return S + ": " + G.Text;
}

Sorting outOfReach(ReachReason R, std::string Why) {
  Sorting S;
  S.Kind = RecordKind::OutOfReach;
  S.Reason = R;
  S.Why = std::move(Why);
  return S;
}

/// The argument shape a guard refuses, as a clang-query matcher, or "".
std::string literalMatcher(const JavaGuard &G) {
  const std::string Negative =
      "unaryOperator(hasOperatorName(\"-\"), hasUnaryOperand(ignoringImplicit("
      "anyOf(integerLiteral(), floatLiteral()))))";
  if (G.Op == "<" && G.Value == "0")
    return Negative;
  if (G.Op == "<=" && G.Value == "0")
    return "anyOf(" + Negative + ", integerLiteral(equals(0)))";
  if (G.Op == "==" && G.Value == "null")
    return "anyOf(cxxNullPtrLiteralExpr(), gnuNullExpr())";
  if (G.Op == "==" && !G.Value.empty() &&
      llvm::all_of(G.Value, [](char C) { return llvm::isDigit(C); }))
    return "integerLiteral(equals(" + G.Value + "))";
  return "";
}

std::string describeLiteral(const JavaGuard &G) {
  if (G.Value == "null")
    return "a null argument";
  if (G.Op == "<")
    return "a negative argument";
  if (G.Op == "<=")
    return "an argument that is not positive";
  return "the argument " + G.Value;
}

std::optional<Sorting> sortCallShape(const JavaGuard &G) {
  if (G.Method.empty())
    return outOfReach(ReachReason::NoShape,
                      "the guard that throws the record's message is in a "
                      "method whose header sourceCode does not show (" +
                          where(G) + ")");
  Sorting S;
  S.Kind = RecordKind::CallShape;
  S.Thrower = G;
  if (G.Subject == GuardSubject::Unconditional) {
    S.Why = "'" + G.Method + "' always throws the record's message (" +
            where(G) + "): every call is the failure";
    return S;
  }
  if (literalMatcher(G).empty())
    return outOfReach(ReachReason::RuntimeValue,
                      "a value only known at run time: " + where(G) +
                          " bounds the argument by a literal errlint's "
                          "matchers do not test");
  S.Why = "'" + G.Method + "' refuses " + describeLiteral(G) + " (" +
          where(G) + "): a call that passes one is the failure";
  return S;
}

} // namespace

const char *kindName(RecordKind K) {
  switch (K) {
  case RecordKind::Lifecycle:
    return "lifecycle";
  case RecordKind::CallShape:
    return "call shape";
  case RecordKind::OutOfReach:
    return "out of reach";
  }
  return "";
}

const char *reasonName(ReachReason R) {
  switch (R) {
  case ReachReason::None:
    return "";
  case ReachReason::RuntimeValue:
    return "runtime value";
  case ReachReason::RemotePeer:
    return "remote peer";
  case ReachReason::Configuration:
    return "configuration";
  case ReachReason::NoCode:
    return "no code";
  case ReachReason::NoShape:
    return "no shape";
  }
  return "";
}

/// A value the code tests at run time may come from the network or from
/// configuration, which the record's words then say.
static Sorting runtimeValue(const Record &Rec, std::string Why) {
  Sorting Words = sortByWords(Rec);
  if (Words.Reason == ReachReason::RemotePeer ||
      Words.Reason == ReachReason::Configuration)
    return outOfReach(Words.Reason, Words.Why + " (" + Why + ")");
  return outOfReach(ReachReason::RuntimeValue,
                    "a value only known at run time: " + Why);
}

std::optional<Sorting> sortByCode(const Record &Rec, const JavaFacts &F) {
  const JavaGuard *G = guardThrowing(F, Rec.ErrorMessage);
  if (!G)
    return std::nullopt;
  switch (G->Subject) {
  case GuardSubject::Flag:
  case GuardSubject::Query: {
    std::optional<JavaProtocol> P = protocolOf(F, *G);
    if (!P)
      return runtimeValue(Rec, where(*G) + " tests a method whose body the "
                                           "snippet does not show");
    Sorting S;
    S.Kind = RecordKind::Lifecycle;
    S.Thrower = P->Thrower;
    S.Why = "a lifecycle: " + where(*G) + " throws the record's message "
            "once '" + P->Thrower.Name + "' says the object is closed";
    P->MessageFound = true;
    S.Protocol = std::move(P);
    return S;
  }
  case GuardSubject::ArgLiteral:
  case GuardSubject::Unconditional:
    return sortCallShape(*G);
  case GuardSubject::RuntimeValue:
    break;
  }
  return runtimeValue(Rec, where(*G));
}

Sorting sortByWords(const Record &Rec) {
  std::string W = wordsOf(Rec);
  if (mentionsAny(W, {"index", "out of bounds", "out of range", "bound",
                      "size", "capacity", "overflow", "parse", "format",
                      "negative", "invalid value"}))
    return outOfReach(ReachReason::RuntimeValue,
                      "a value only known at run time: the record's message "
                      "or tags are about an index, size or parsed value");
  if (mentionsAny(W, {"connection refused", "connection reset", "timed out",
                      "timeout", "remote", "peer", "unreachable",
                      "unavailable", "network", "socket", "broken pipe",
                      "http", "status code", "dns", "host"}))
    return outOfReach(ReachReason::RemotePeer,
                      "a remote peer's state: the record's message or tags "
                      "are about the network or the other side");
  if (mentionsAny(W, {"config", "property", "properties", "setting",
                      "environment", "must be set", "not configured",
                      "missing required", "classnotfound", "no such file",
                      "permission"}))
    return outOfReach(ReachReason::Configuration,
                      "configuration: the record's message or tags are "
                      "about settings or the environment");
  if (Rec.SourceCode.empty() && Rec.ExampleFix.empty())
    return outOfReach(ReachReason::NoCode,
                      "the record quotes no code (no sourceCode, no "
                      "exampleFix)");
  return outOfReach(ReachReason::NoShape,
                    "nothing in the record's code reads as a lifecycle or "
                    "a single risky call: no guard throws its message");
}

std::vector<std::string> callShapeMatcher(const JavaGuard &G,
                                          const std::string &Class) {
  std::string Callee = "  callee(cxxMethodDecl(hasName(\"" + G.Method + "\")";
  if (!Class.empty())
    Callee += ", ofClass(cxxRecordDecl(isSameOrDerivedFrom(\"" + Class +
              "\")))";
  Callee += "))";
  if (G.Subject == GuardSubject::Unconditional)
    return {"cxxMemberCallExpr(", Callee, ").bind(\"call\")"};
  std::string Lit = literalMatcher(G);
  if (Lit.empty())
    return {};
  return {"cxxMemberCallExpr(", Callee + ",",
          "  hasArgument(" + std::to_string(G.ArgIndex) +
              ", ignoringImplicit(" + Lit + "))",
          ").bind(\"call\")"};
}

std::string callShapeMessage(const JavaGuard &G, const Record &Rec) {
  std::string What = G.Subject == GuardSubject::Unconditional
                         ? "call to '" + G.Method + "', which always throws"
                         : "call to '" + G.Method + "' with " +
                               describeLiteral(G) + ", which it refuses";
  std::string Cls = Rec.ErrorClass.empty() ? "it fails" : Rec.ErrorClass;
  return What + ": " + Cls + " \"" + Rec.ErrorMessage + "\" (record " +
         Rec.Id + ")";
}

} // namespace errlint
