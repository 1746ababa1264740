//===- DeriveLex.cpp - Tokens of the code quoted in records ---------------===//

#include "DeriveLex.h"
#include "llvm/ADT/StringExtras.h"
#include <set>

namespace errlint {
namespace {

bool isIdentChar(char C) { return llvm::isAlnum(C) || C == '_' || C == '$'; }

/// Operators of two or three characters, longest first.
const char *const MultiPuncts[] = {">>>=", "<<=", ">>=", "...", "->", "::",
                                   "&&",   "||",  "==",  "!=",  "<=", ">=",
                                   "++",   "--",  "+=",  "-=",  "*=", "/=",
                                   "|=",   "&=",  "<<"};

/// The offset just past a comment at I, or I when there is none.
size_t skipComment(llvm::StringRef Code, size_t I) {
  llvm::StringRef Rest = Code.substr(I);
  if (Rest.starts_with("//") || Rest.starts_with("#!")) {
    size_t End = Code.find('\n', I);
    return End == llvm::StringRef::npos ? Code.size() : End;
  }
  if (Rest.starts_with("/*")) {
    size_t End = Code.find("*/", I + 2);
    return End == llvm::StringRef::npos ? Code.size() : End + 2;
  }
  return I;
}

/// The offset just past the quoted literal that starts at I.
size_t skipQuoted(llvm::StringRef Code, size_t I) {
  char Q = Code[I];
  for (size_t J = I + 1; J < Code.size(); ++J) {
    if (Code[J] == '\\')
      ++J;
    else if (Code[J] == Q || Code[J] == '\n')
      return J + 1;
  }
  return Code.size();
}

} // namespace

Tokens lexCode(llvm::StringRef Code) {
  Tokens Out;
  unsigned Line = 1;
  auto Push = [&](TokKind K, size_t B, size_t E) {
    Out.push_back({K, Code.slice(B, E).str(), Line});
  };
  for (size_t I = 0; I < Code.size();) {
    char C = Code[I];
    if (C == '\n') {
      ++Line;
      ++I;
      continue;
    }
    if (llvm::isSpace(C)) {
      ++I;
      continue;
    }
    if (size_t After = skipComment(Code, I); After != I) {
      Line += Code.slice(I, After).count('\n');
      I = After;
      continue;
    }
    size_t E = I + 1;
    if (C == '"' || C == '\'') {
      E = skipQuoted(Code, I);
      Push(C == '"' ? TokKind::String : TokKind::Char, I, E);
    } else if (llvm::isDigit(C)) {
      while (E < Code.size() && (isIdentChar(Code[E]) || Code[E] == '.'))
        ++E;
      Push(TokKind::Number, I, E);
    } else if (isIdentChar(C)) {
      while (E < Code.size() && isIdentChar(Code[E]))
        ++E;
      Push(TokKind::Ident, I, E);
    } else {
      for (const char *P : MultiPuncts)
        if (Code.substr(I).starts_with(P)) {
          E = I + llvm::StringRef(P).size();
          break;
        }
      Push(TokKind::Punct, I, E);
    }
    I = E;
  }
  return Out;
}

size_t matchingClose(const Tokens &Toks, size_t Open) {
  if (Open >= Toks.size())
    return Toks.size();
  const std::string &O = Toks[Open].Text;
  const char *C = O == "(" ? ")" : O == "[" ? "]" : O == "{" ? "}" : ">";
  int Depth = 0;
  for (size_t I = Open; I < Toks.size(); ++I) {
    if (Toks[I].Kind != TokKind::Punct)
      continue;
    if (Toks[I].Text == O)
      ++Depth;
    else if (Toks[I].Text == C && --Depth == 0)
      return I;
    else if (O == "<" && Toks[I].Text == ">>" && (Depth -= 2) <= 0)
      return I;
    // A generic's '<' never spans a statement or a block.
    else if (O == "<" && (Toks[I].is(";") || Toks[I].is("{") ||
                          Toks[I].is("&&") || Toks[I].is("||")))
      return Toks.size();
  }
  return Toks.size();
}

size_t findTopLevel(const Tokens &Toks, size_t B, size_t E,
                    std::initializer_list<const char *> Ops) {
  int Depth = 0;
  for (size_t I = B; I < E && I < Toks.size(); ++I) {
    const std::string &S = Toks[I].Text;
    if (S == "(" || S == "[" || S == "{")
      ++Depth;
    else if (S == ")" || S == "]" || S == "}")
      --Depth;
    else if (Depth == 0 && Toks[I].Kind != TokKind::String)
      for (const char *Op : Ops)
        if (S == Op)
          return I;
  }
  return E;
}

bool isControlKeyword(llvm::StringRef Name) {
  static const std::set<llvm::StringRef> K = {
      "if",     "for",          "while", "switch",     "catch",  "return",
      "sizeof", "new",          "throw", "synchronized", "super", "this",
      "try",    "else",         "do",    "delete",     "typeof", "instanceof",
      "assert", "case",         "default", "finally"};
  return K.count(Name) != 0;
}

std::string joinTokens(const Tokens &Toks, size_t Begin, size_t End) {
  static const std::set<llvm::StringRef> Spaced = {
      "=", "==", "!=", "&&", "||", "+", "->", "<", ">",
      "<=", ">=", "?", ":", "+=", "-=", "|=", "&=", "{", "}"};
  std::string Out;
  for (size_t I = Begin; I < End && I < Toks.size(); ++I) {
    const Token &Cur = Toks[I];
    if (I > Begin) {
      const Token &Prev = Toks[I - 1];
      bool Word = Cur.Kind != TokKind::Punct;
      bool PrevWord = Prev.Kind != TokKind::Punct;
      if ((Word && (PrevWord || Prev.is(")"))) || Prev.is(",") ||
          Prev.is(";") || Spaced.count(Cur.Text) || Spaced.count(Prev.Text))
        Out += ' ';
    }
    Out += Cur.Text;
  }
  return Out;
}

std::string tryBlocks(llvm::StringRef Code) {
  Tokens T = lexCode(Code);
  std::string Out;
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    if (!T[I].is("try") || !T[I + 1].is("{"))
      continue;
    size_t Close = matchingClose(T, I + 1);
    // Re-lexing joined tokens is lossless for what callsIn reads.
    Out += joinTokens(T, I + 2, Close) + "\n";
  }
  return Out;
}

std::string capitalized(std::string S) {
  if (!S.empty())
    S[0] = llvm::toUpper(S[0]);
  return S;
}

} // namespace errlint
