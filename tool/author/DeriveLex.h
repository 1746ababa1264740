//===- DeriveLex.h - Tokens of the code quoted in records -------*- C++ -*-===//
//
// Records quote code in Java, C++, Go, ...; errlint derive reads it
// lexically. The tokenizer knows the shapes those languages share
// (identifiers, numbers, string and character literals, C-style comments and
// operators), which is all the readers of DeriveJava.h and DeriveCpp.h need.
// No clang header is included.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_DERIVELEX_H
#define ERRLINT_DERIVELEX_H

#include "llvm/ADT/StringRef.h"
#include <initializer_list>
#include <string>
#include <vector>

namespace errlint {

enum class TokKind { Ident, Number, String, Char, Punct };

struct Token {
  TokKind Kind = TokKind::Punct;
  std::string Text;
  unsigned Line = 1; ///< 1-based, in the text lexed.

  bool is(llvm::StringRef S) const { return Text == S; }
  bool isIdent() const { return Kind == TokKind::Ident; }
};

using Tokens = std::vector<Token>;

/// The tokens of Code, comments left out.
Tokens lexCode(llvm::StringRef Code);

/// The index of the token that closes the bracket at Open ('(', '[', '{'
/// or '<' of a generic), or Toks.size() when it is not closed.
size_t matchingClose(const Tokens &Toks, size_t Open);

/// The index of the first token of [B, E) outside brackets whose text is
/// one of Ops, or E.
size_t findTopLevel(const Tokens &Toks, size_t B, size_t E,
                    std::initializer_list<const char *> Ops);

/// Whether Name is a keyword of Java or C++ that can be followed by '('.
bool isControlKeyword(llvm::StringRef Name);

/// The text of Toks[Begin, End), tokens separated by one space where the
/// source needs one.
std::string joinTokens(const Tokens &Toks, size_t Begin, size_t End);

/// The bodies of the try blocks in Code, one a line.
std::string tryBlocks(llvm::StringRef Code);

/// "halfClose" -> "HalfClose".
std::string capitalized(std::string S);

} // namespace errlint

#endif
