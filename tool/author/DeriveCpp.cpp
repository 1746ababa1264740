//===- DeriveCpp.cpp - C++ to check a draft against its record ------------===//

#include "DeriveCpp.h"
#include "DeriveLex.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/GlobPattern.h"
#include <map>
#include <set>

namespace errlint {
namespace {

/// The declarations every generated unit starts with. ErrlintValue stands
/// for any value the record's code computes that the check does not need.
const char *const Prelude =
    "struct ErrlintValue {\n"
    "  template <class T> operator T() const;\n"
    "  explicit operator bool() const;\n"
    "  bool operator!() const;\n"
    "};\n"
    "bool errlint_closed_elsewhere(); // the record's premise\n"
    "bool errlint_more();             // a loop's condition\n";

const char *const Placeholder = "ErrlintValue()";

/// Which marker a line of exampleFix is: 1 before, 2 after, 0 none.
int markerOf(llvm::StringRef Line) {
  Line = Line.trim();
  if (!Line.consume_front("//") && !Line.consume_front("#"))
    return 0;
  Line = Line.ltrim(" /*-");
  std::string L = Line.lower();
  llvm::StringRef W(L);
  for (const char *B : {"before", "bad", "wrong", "broken", "problem"})
    if (W.starts_with(B))
      return 1;
  for (const char *A : {"after", "good", "fixed", "fix", "correct", "right"})
    if (W.starts_with(A))
      return 2;
  return 0;
}

bool isPrimitive(llvm::StringRef S) {
  return llvm::is_contained({"int", "long", "boolean", "double", "float",
                             "short", "byte", "char", "var", "final", "auto",
                             "bool", "const", "String"},
                            S);
}

/// Whether [B, E) reads as a Java type: `Future<?>`, `List<String>[]`,
/// `final var`, `org.acme.Pool`.
bool isTypeTokens(const Tokens &T, size_t B, size_t E) {
  if (B >= E || !T[B].isIdent())
    return false;
  if (!isPrimitive(T[B].Text) && !llvm::isUpper(T[B].Text[0]) &&
      !(E > B + 1 && T[B + 1].is(".")))
    return false;
  for (size_t I = B; I < E; ++I) {
    const Token &K = T[I];
    if (!(K.isIdent() || K.is(".") || K.is("<") || K.is(">") || K.is(">>") ||
          K.is("?") || K.is(",") || K.is("[") || K.is("]")))
      return false;
  }
  return true;
}

/// Translates the statements of one part of a record's code.
class Translator {
public:
  Translator(const Tokens &T, const std::set<std::string> &Objects)
      : T(T), Objects(Objects) {
    findLambdaParams();
    findReceivers();
    findLocals();
  }

  std::string body() {
    std::string Out;
    size_t I = 0;
    while (I < T.size())
      I = stmt(I, T.size(), Out, 1);
    return Out;
  }

  /// Receivers the function takes as parameters (not declared in it).
  std::vector<std::string> params() const {
    std::vector<std::string> Out;
    for (const std::string &R : ReceiverOrder)
      if (!Locals.count(R))
        Out.push_back(R);
    return Out;
  }

  const std::map<std::string, std::set<std::string>> &calls() const {
    return Calls;
  }
  const std::set<std::string> &lambdaTakers() const { return LambdaTakers; }
  const std::vector<std::string> &dropped() const { return Dropped; }
  const std::vector<std::string> &objectCalls() const { return ObjectCalls; }

private:
  //===--- Names --------------------------------------------------------===//

  bool isLambdaAt(size_t I, size_t E) const {
    if (I + 1 < E && T[I].isIdent() && T[I + 1].is("->"))
      return true;
    if (I < E && T[I].is("(")) {
      size_t C = matchingClose(T, I);
      return C + 1 < E && T[C + 1].is("->");
    }
    return false;
  }

  void findLambdaParams() {
    for (size_t I = 0; I + 1 < T.size(); ++I) {
      if (!T[I + 1].is("->"))
        continue;
      if (T[I].isIdent())
        LambdaParams.insert(T[I].Text);
      if (!T[I].is(")"))
        continue;
      for (size_t J = I; J-- > 0 && !T[J].is("(");)
        if (T[J].isIdent() && (T[J + 1].is(",") || T[J + 1].is(")")))
          LambdaParams.insert(T[J].Text);
    }
  }

  bool receiverAt(size_t I) const {
    if (I + 3 >= T.size() || !T[I].isIdent() || !T[I + 1].is(".") ||
        !T[I + 2].isIdent() || !T[I + 3].is("("))
      return false;
    if (I > 0 && (T[I - 1].is(".") || T[I - 1].is("::")))
      return false;
    const std::string &N = T[I].Text;
    return (llvm::isLower(N[0]) || N[0] == '_') && !isControlKeyword(N) &&
           N != "super" && !LambdaParams.count(N);
  }

  void findReceivers() {
    for (size_t I = 0; I < T.size(); ++I)
      if (receiverAt(I) && Receivers.insert(T[I].Text).second)
        ReceiverOrder.push_back(T[I].Text);
  }

  void findLocals() {
    for (size_t I = 1; I + 1 < T.size(); ++I)
      if (T[I].isIdent() && (T[I + 1].is("=") || T[I + 1].is(";")) &&
          isTypeTokens(T, declStart(I), I))
        Locals.insert(T[I].Text);
  }

  /// The first token of the declaration whose name is at I.
  size_t declStart(size_t I) const {
    size_t B = I;
    while (B > 0 && !T[B - 1].is(";") && !T[B - 1].is("{") &&
           !T[B - 1].is("}") && !T[B - 1].is("(") && !T[B - 1].is(")") &&
           !T[B - 1].is("->"))
      --B;
    return B;
  }

  //===--- Statements ---------------------------------------------------===//

  static std::string pad(int Ind) { return std::string(2 * Ind, ' '); }

  /// The end of the statement that starts at I: past its ';' or block.
  size_t exprStmtEnd(size_t I, size_t E) const {
    int Depth = 0;
    for (size_t J = I; J < E; ++J) {
      if (T[J].is("(") || T[J].is("[") || T[J].is("{"))
        ++Depth;
      else if (T[J].is(")") || T[J].is("]") || T[J].is("}")) {
        if (--Depth < 0)
          return J;
      } else if (Depth == 0 && T[J].is(";"))
        return J;
    }
    return E;
  }

  size_t skipSemi(size_t I, size_t E) const {
    return I < E && T[I].is(";") ? I + 1 : I;
  }

  /// Translates the statement at I into Out; returns where the next starts.
  size_t stmt(size_t I, size_t E, std::string &Out, int Ind) {
    if (I >= E)
      return E;
    const Token &K = T[I];
    if (K.is(";") || K.is("...") || K.is("}") || K.is(")"))
      return I + 1;
    if (K.is("@"))
      return skipAnnotation(I, E);
    if (K.is("{")) {
      size_t C = std::min(matchingClose(T, I), E);
      Out += pad(Ind) + "{\n" + blockBody(I + 1, C, Ind + 1) + pad(Ind) + "}\n";
      return C + 1;
    }
    if (K.is("if"))
      return ifStmt(I, E, Out, Ind);
    if (K.is("while") || K.is("for"))
      return loopStmt(I, E, Out, Ind);
    if (K.is("do"))
      return doStmt(I, E, Out, Ind);
    if (K.is("try"))
      return tryStmt(I, E, Out, Ind);
    if (K.is("synchronized") || K.is("switch"))
      return headedBlock(I, E, Out, Ind);
    if (K.is("case") || K.is("default"))
      return skipLabel(I, E);
    if (K.is("return"))
      return returnStmt(I, E, Out, Ind);
    if (K.is("throw")) {
      Out += pad(Ind) + "throw 0;\n";
      return skipSemi(exprStmtEnd(I, E), E);
    }
    if (K.is("break") || K.is("continue")) {
      if (LoopDepth > 0)
        Out += pad(Ind) + K.Text + ";\n";
      return skipSemi(I + 1, E);
    }
    if (size_t Body = methodBody(I, E); Body != 0)
      return stmt(Body, E, Out, Ind);
    return exprStmt(I, E, Out, Ind);
  }

  std::string blockBody(size_t B, size_t E, int Ind) {
    std::string Out;
    for (size_t I = B; I < E;)
      I = stmt(I, E, Out, Ind);
    return Out;
  }

  size_t skipAnnotation(size_t I, size_t E) const {
    size_t J = I + 1;
    while (J < E && (T[J].isIdent() || T[J].is(".")))
      ++J;
    if (J < E && T[J].is("("))
      J = matchingClose(T, J) + 1;
    return J;
  }

  size_t skipLabel(size_t I, size_t E) const {
    while (I < E && !T[I].is(":") && !T[I].is("->"))
      ++I;
    return I + 1;
  }

  /// A statement or a block in braces (a branch or a loop's body).
  std::string branch(size_t &I, size_t E, int Ind) {
    std::string S;
    I = stmt(I, E, S, Ind + 1);
    return S.empty() ? pad(Ind + 1) + ";\n" : S;
  }

  size_t ifStmt(size_t I, size_t E, std::string &Out, int Ind) {
    size_t C = std::min(matchingClose(T, I + 1), E);
    Out += pad(Ind) + "if (" + expr(I + 2, C) + ")\n";
    size_t J = C + 1;
    Out += branch(J, E, Ind);
    if (J < E && T[J].is("else")) {
      ++J;
      Out += pad(Ind) + "else\n" + branch(J, E, Ind);
    }
    return J;
  }

  /// `while (c)` keeps its condition's calls; a `for` header becomes a
  /// condition errlint cannot decide.
  size_t loopStmt(size_t I, size_t E, std::string &Out, int Ind) {
    size_t C = std::min(matchingClose(T, I + 1), E);
    std::string Cond =
        T[I].is("while") ? expr(I + 2, C) : std::string("errlint_more()");
    Out += pad(Ind) + "while (" + Cond + ")\n";
    size_t J = C + 1;
    ++LoopDepth;
    Out += branch(J, E, Ind);
    --LoopDepth;
    return J;
  }

  size_t doStmt(size_t I, size_t E, std::string &Out, int Ind) {
    size_t J = I + 1;
    ++LoopDepth;
    std::string Body = branch(J, E, Ind);
    --LoopDepth;
    std::string Cond = "errlint_more()";
    if (J + 1 < E && T[J].is("while") && T[J + 1].is("(")) {
      size_t C = std::min(matchingClose(T, J + 1), E);
      Cond = expr(J + 2, C);
      J = skipSemi(C + 1, E);
    }
    Out += pad(Ind) + "do\n" + Body + pad(Ind) + "while (" + Cond + ");\n";
    return J;
  }

  /// `try (R r = ...) { } catch (T e) { } finally { }`: the resources are
  /// statements before the block, the first catch becomes `catch (...)`,
  /// the finally block runs after.
  size_t tryStmt(size_t I, size_t E, std::string &Out, int Ind) {
    size_t J = I + 1;
    std::string Resources;
    if (J < E && T[J].is("(")) {
      size_t C = std::min(matchingClose(T, J), E);
      for (size_t K = J + 1; K < C;)
        K = exprStmt(K, C, Resources, Ind + 1);
      J = C + 1;
    }
    if (J >= E || !T[J].is("{"))
      return J;
    size_t C = std::min(matchingClose(T, J), E);
    std::string Try = blockBody(J + 1, C, Ind + 1);
    J = C + 1;
    std::string Catch, Finally;
    bool First = true;
    while (J + 1 < E && T[J].is("catch") && T[J + 1].is("(")) {
      size_t H = std::min(matchingClose(T, J + 1), E);
      size_t BC = std::min(matchingClose(T, H + 1), E);
      if (First)
        Catch = blockBody(H + 2, BC, Ind + 1);
      else
        Dropped.push_back("a second catch block");
      First = false;
      J = BC + 1;
    }
    if (J < E && T[J].is("finally") && J + 1 < E && T[J + 1].is("{")) {
      size_t FC = std::min(matchingClose(T, J + 1), E);
      Finally = blockBody(J + 2, FC, Ind + 1);
      J = FC + 1;
    }
    Out += pad(Ind) + "{\n" + Resources + pad(Ind + 1) + "try {\n" + Try +
           pad(Ind + 1) + "} catch (...) {\n" + Catch + pad(Ind + 1) + "}\n" +
           Finally + pad(Ind) + "}\n";
    return J;
  }

  /// `synchronized (x) { }` and `switch (x) { }`: the header's calls, then
  /// the block.
  size_t headedBlock(size_t I, size_t E, std::string &Out, int Ind) {
    if (I + 1 >= E || !T[I + 1].is("("))
      return I + 1;
    size_t C = std::min(matchingClose(T, I + 1), E);
    std::string Head = expr(I + 2, C);
    if (Head != Placeholder)
      Out += pad(Ind) + "(void)(" + Head + ");\n";
    size_t J = C + 1;
    bool Switch = T[I].is("switch");
    LoopDepth += Switch;
    Out += branch(J, E, Ind - 1);
    LoopDepth -= Switch;
    return J;
  }

  size_t returnStmt(size_t I, size_t E, std::string &Out, int Ind) {
    size_t End = exprStmtEnd(I + 1, E);
    std::string V = expr(I + 1, End);
    if (End > I + 1 && V != Placeholder)
      Out += pad(Ind) + "(void)(" + V + ");\n";
    Out += pad(Ind) + "return;\n";
    return skipSemi(End, E);
  }

  /// A method declared in the part (`public void stop() { ... }`): its
  /// body's first token, or 0.
  size_t methodBody(size_t I, size_t E) const {
    size_t J = I;
    while (J < E && (T[J].isIdent() || T[J].is("<") || T[J].is(">") ||
                     T[J].is("[") || T[J].is("]") || T[J].is(".")))
      ++J;
    if (J >= E || J < I + 2 || !T[J].is("(") || !T[J - 1].isIdent() ||
        isControlKeyword(T[J - 1].Text))
      return 0;
    size_t C = matchingClose(T, J) + 1;
    if (C < E && T[C].is("throws"))
      while (C < E && !T[C].is("{") && !T[C].is(";"))
        ++C;
    return C < E && T[C].is("{") ? C : 0;
  }

  size_t exprStmt(size_t I, size_t E, std::string &Out, int Ind) {
    size_t End = exprStmtEnd(I, E);
    size_t Next = skipSemi(End, E);
    if (End == I)
      return I + 1;
    size_t Assign = topLevel(I, End, {"="});
    if (Assign < End && Assign > I && T[Assign - 1].isIdent() &&
        isTypeTokens(T, I, Assign - 1)) {
      declaration(T[Assign - 1].Text, Assign + 1, End, Out, Ind);
      return Next;
    }
    if (Assign == End && End > I + 1 && T[End - 1].isIdent() &&
        isTypeTokens(T, I, End - 1)) {
      declaration(T[End - 1].Text, End, End, Out, Ind);
      return Next;
    }
    if (Assign < End && Assign == I + 1 && Locals.count(T[I].Text) &&
        !Receivers.count(T[I].Text)) {
      Out += pad(Ind) + T[I].Text + " = " + expr(Assign + 1, End) + ";\n";
      return Next;
    }
    size_t From = Assign < End ? Assign + 1 : I;
    std::string V = expr(From, End);
    if (V == Placeholder)
      Dropped.push_back(joinTokens(T, I, End));
    else
      Out += pad(Ind) + V + ";\n";
    return Next;
  }

  void declaration(const std::string &Name, size_t B, size_t E,
                   std::string &Out, int Ind) {
    std::string Init = B < E ? expr(B, E) : std::string(Placeholder);
    if (Receivers.count(Name)) {
      if (Init != Placeholder && !isLambdaAt(B, E))
        Out += pad(Ind) + "(void)(" + Init + ");\n";
      Out += pad(Ind) + "ERRLINT_CLASS_OF(" + Name + ") " + Name + ";\n";
      return;
    }
    Out += pad(Ind) + "auto " + Name + " = " + Init + ";\n";
  }

  //===--- Expressions --------------------------------------------------===//

  size_t topLevel(size_t B, size_t E,
                  std::initializer_list<const char *> Ops) const {
    return findTopLevel(T, B, E, Ops);
  }

  std::string expr(size_t B, size_t E) {
    while (B < E && T[B].is("(") && matchingClose(T, B) == E - 1) {
      ++B;
      --E;
    }
    if (B >= E)
      return Placeholder;
    if (isLambdaAt(B, E))
      return lambda(B, E);
    for (const char *Op : {"||", "&&"}) {
      size_t At = topLevel(B, E, {Op});
      if (At != E && topLevel(B, E, {"?", "="}) == E)
        return "(" + expr(B, At) + ") " + Op + " (" + expr(At + 1, E) + ")";
    }
    if (T[B].is("!") && isOperand(B + 1, E))
      return "!(" + expr(B + 1, E) + ")";
    if (std::optional<std::string> C = chain(B, E))
      return *C;
    return callsWithin(B, E);
  }

  bool isOperand(size_t B, size_t E) const {
    return topLevel(B, E, {"==", "!=", "<", ">", "<=", ">=", "+", "-", "*",
                           "/", "%", "?", "=", "instanceof"}) == E;
  }

  /// `recv.m(args)...`, a name or a literal spanning [B, E).
  std::optional<std::string> chain(size_t B, size_t E) {
    if (B + 2 < E && T[B].is("this") && T[B + 1].is("."))
      B += 2;
    if (B + 1 == E)
      return atom(T[B]);
    if (B + 2 == E && T[B].is("-") && T[B + 1].Kind == TokKind::Number)
      return "-" + number(T[B + 1].Text);
    if (!receiverAt(B))
      return std::nullopt;
    size_t Close = matchingClose(T, B + 3);
    if (Close >= E)
      return std::nullopt;
    // What follows the call reads its result, which the check does not
    // need: `f.get()`, `.thenAccept(...)`.
    size_t J = Close + 1;
    while (J < E && T[J].is(".") && J + 2 < E && T[J + 1].isIdent() &&
           T[J + 2].is("("))
      J = matchingClose(T, J + 2) + 1;
    if (J != E)
      return std::nullopt;
    return call(B, Close);
  }

  /// The call at B (`recv . m (`) whose ')' is at Close.
  std::string call(size_t B, size_t Close) {
    const std::string &Recv = T[B].Text, &Method = T[B + 2].Text;
    Calls[Recv].insert(Method);
    if (Objects.count(Recv))
      ObjectCalls.push_back(Method);
    std::vector<std::string> Args;
    for (size_t A = B + 4; A < Close;) {
      size_t Comma = topLevel(A, Close, {","});
      if (isLambdaAt(A, Comma))
        LambdaTakers.insert(Recv);
      Args.push_back(expr(A, Comma));
      A = Comma + 1;
    }
    return Recv + "." + Method + "(" + llvm::join(Args, ", ") + ")";
  }

  std::string atom(const Token &K) const {
    switch (K.Kind) {
    case TokKind::String:
    case TokKind::Char:
      return K.Text;
    case TokKind::Number:
      return number(K.Text);
    case TokKind::Ident:
      if (K.is("true") || K.is("false"))
        return K.Text;
      if (K.is("null"))
        return "nullptr";
      if (Receivers.count(K.Text) || Locals.count(K.Text) ||
          LambdaParams.count(K.Text))
        return K.Text;
      return Placeholder;
    case TokKind::Punct:
      break;
    }
    return Placeholder;
  }

  /// Java's `10_000L`, `5d`: digits C++ reads the same.
  static std::string number(llvm::StringRef N) {
    std::string Out;
    for (char C : N)
      if (C != '_')
        Out += C;
    bool Hex = llvm::StringRef(Out).starts_with_insensitive("0x");
    if (!Hex && !Out.empty() && llvm::is_contained("dDfF", Out.back()) &&
        Out.find('.') == std::string::npos)
      Out.pop_back();
    return Out;
  }

  /// `() -> expr`, `x -> { ... }`, `(a, b) -> ...`.
  std::string lambda(size_t B, size_t E) {
    std::vector<std::string> Ps;
    size_t Arrow = B + 1;
    if (T[B].is("(")) {
      Arrow = matchingClose(T, B) + 1;
      for (size_t I = B + 1; I + 1 < Arrow; ++I)
        if (T[I].isIdent() && (T[I + 1].is(",") || T[I + 1].is(")")))
          Ps.push_back("auto &&" + T[I].Text);
    } else {
      Ps.push_back("auto &&" + T[B].Text);
    }
    std::string Body;
    size_t S = Arrow + 1;
    if (S < E && T[S].is("{")) {
      size_t C = std::min(matchingClose(T, S), E);
      Body = blockBody(S + 1, C, 2);
    } else {
      std::string V = expr(S, E);
      Body = V == Placeholder ? "" : "    " + V + ";\n";
    }
    return "[&](" + llvm::join(Ps, ", ") + ") {\n" + Body + "  }";
  }

  /// Anything else: the calls on objects it makes, in order, then a
  /// placeholder for its value.
  std::string callsWithin(size_t B, size_t E) {
    std::vector<std::string> Parts;
    for (size_t I = B; I < E;) {
      if (T[I].is("->")) {
        I = topLevelEnd(I, E);
        continue;
      }
      if (!receiverAt(I)) {
        ++I;
        continue;
      }
      size_t Close = std::min(matchingClose(T, I + 3), E);
      Parts.push_back("(void)" + call(I, Close));
      I = Close + 1;
    }
    if (Parts.empty())
      return Placeholder;
    Parts.push_back(Placeholder);
    return "(" + llvm::join(Parts, ", ") + ")";
  }

  /// The end of the argument a lambda's arrow at I is in.
  size_t topLevelEnd(size_t I, size_t E) const {
    int Depth = 0;
    for (; I < E; ++I) {
      if (T[I].is("(") || T[I].is("[") || T[I].is("{"))
        ++Depth;
      else if (T[I].is(")") || T[I].is("]") || T[I].is("}")) {
        if (--Depth < 0)
          return I;
      } else if (Depth == 0 && T[I].is(","))
        return I;
    }
    return E;
  }

  const Tokens &T;
  const std::set<std::string> &Objects;
  std::set<std::string> LambdaParams, Receivers, Locals, LambdaTakers;
  std::vector<std::string> ReceiverOrder, Dropped, ObjectCalls;
  std::map<std::string, std::set<std::string>> Calls;
  int LoopDepth = 0;
};

/// The receivers of Code that are the draft's object: named like the one
/// the draft read, or calling one of its methods.
std::set<std::string> objectsIn(const Tokens &T, const DraftApi &Api) {
  std::set<std::string> Names, Out;
  for (const auto *L : {&Api.Close, &Api.Use, &Api.Reopen, &Api.QueryClosed,
                        &Api.QueryOpen})
    Names.insert(L->begin(), L->end());
  for (size_t I = 0; I + 3 < T.size(); ++I)
    if (T[I].isIdent() && T[I + 1].is(".") && Names.count(T[I + 2].Text) &&
        T[I + 3].is("(") && !(I > 0 && T[I - 1].is(".")))
      Out.insert(T[I].Text);
  if (!Api.Receiver.empty())
    Out.insert(Api.Receiver);
  return Out;
}

/// Writes the unit: the prelude, a class per receiver, a function per part.
class UnitWriter {
public:
  UnitWriter(const DraftApi &Api, const std::string &Title) : Api(Api) {
    Code = "// " + Title + "\n" + Prelude;
    for (const std::string &G : Api.Types)
      if (auto P = llvm::GlobPattern::create(G))
        Globs.push_back(std::move(*P));
      else
        llvm::consumeError(P.takeError());
  }

  void add(FixHalf H, const std::string &Part) {
    Tokens T = lexCode(Part);
    std::set<std::string> Objects = objectsIn(T, Api);
    Translator Tr(T, Objects);
    std::string Body = Tr.body();
    CheckedHalf C;
    C.Half = H;
    C.Function = H == FixHalf::Before  ? "before"
                 : H == FixHalf::After ? "after"
                                       : "try_body";
    C.ObjectCalls = Tr.objectCalls();
    C.Dropped = Tr.dropped();
    for (const auto &[Recv, Methods] : Tr.calls())
      Calls[Recv].insert(Methods.begin(), Methods.end());
    LambdaTakers.insert(Tr.lambdaTakers().begin(), Tr.lambdaTakers().end());
    AllObjects.insert(Objects.begin(), Objects.end());
    Pending.push_back({C, Body, Tr.params(), Objects});
  }

  CheckUnit finish() {
    decideClasses();
    decidePremise();
    writeClasses();
    CheckUnit U;
    for (PendingHalf &P : Pending)
      U.Halves.push_back(writeFunction(P));
    U.Code = std::move(Code);
    return U;
  }

private:
  struct PendingHalf {
    CheckedHalf Half;
    std::string Body;
    std::vector<std::string> Params;
    std::set<std::string> Objects;
  };

  /// The class of each receiver, from what every half does with it.
  void decideClasses() {
    for (const auto &[Recv, Methods] : Calls) {
      if (AllObjects.count(Recv)) {
        ClassOf[Recv] = Api.Class;
        ObjectMethods.insert(Methods.begin(), Methods.end());
        continue;
      }
      ClassOf[Recv] = otherClass(Recv, LambdaTakers.count(Recv) != 0);
      OtherMethods[ClassOf[Recv]].insert(Methods.begin(), Methods.end());
    }
  }

  /// A class for an object that is not the draft's: one handed a lambda
  /// runs it, as a Java executor does, and the built-in executor profile
  /// (`*Executor`) reads it so. No name the draft's types match.
  std::string otherClass(const std::string &Recv, bool TakesLambda) const {
    std::string C = capitalized(Recv) + (TakesLambda ? "Executor" : "");
    if (llvm::any_of(Globs, [&](const llvm::GlobPattern &G) {
          return G.match(C);
        }))
      C += "Other";
    return C == Api.Class ? C + "Other" : C;
  }

  /// The record's premise: when its failing code closes nothing, the
  /// object was closed elsewhere (another thread, an earlier call) before
  /// the code runs. Every half then starts from that state.
  void decidePremise() {
    if (Api.Close.empty())
      return;
    for (const PendingHalf &P : Pending)
      if (P.Half.Half == FixHalf::Before &&
          llvm::any_of(P.Half.ObjectCalls, [&](const std::string &M) {
            return llvm::is_contained(Api.Close, M);
          }))
        return;
    Premise = true;
  }

  void writeClasses() {
    Code += "class " + Api.Class + " {\npublic:\n";
    std::set<std::string> Methods = ObjectMethods;
    for (const auto *L : {&Api.Close, &Api.Use, &Api.Reopen,
                          &Api.QueryClosed, &Api.QueryOpen})
      Methods.insert(L->begin(), L->end());
    for (const std::string &M : Methods)
      Code += method(M, roleType(M));
    Code += "};\n";
    for (const auto &[Class, Ms] : OtherMethods) {
      Code += "class " + Class + " {\npublic:\n";
      for (const std::string &M : Ms)
        Code += method(M, "ErrlintValue");
      Code += "};\n";
    }
  }

  std::string roleType(const std::string &M) const {
    if (llvm::is_contained(Api.QueryClosed, M) ||
        llvm::is_contained(Api.QueryOpen, M))
      return "bool";
    if (llvm::is_contained(Api.Close, M) || llvm::is_contained(Api.Reopen, M))
      return "void";
    return "ErrlintValue";
  }

  static std::string method(const std::string &Name, const std::string &Ret) {
    std::string Body = Ret == "void"   ? "{}"
                       : Ret == "bool" ? "{ return false; }"
                                       : "{ return {}; }";
    return "  template <class... A> " + Ret + " " + Name + "(A &&...) " +
           Body + "\n";
  }

  CheckedHalf writeFunction(PendingHalf &P) {
    std::vector<std::string> Params;
    for (const std::string &R : P.Params)
      Params.push_back(ClassOf[R] + " &" + R);
    std::string Fn = "void " + P.Half.Function + "(" +
                     llvm::join(Params, ", ") + ") {\n";
    // A try body is the call the record guards: it runs once the object
    // may be closed, whatever the before part does.
    if (Premise || (P.Half.Half == FixHalf::TryBody && !Api.Close.empty()))
      for (const std::string &R : P.Params)
        if (P.Objects.count(R)) {
          Fn += "  if (errlint_closed_elsewhere()) // the record's premise\n"
                "    " + R + "." + Api.Close.front() + "();\n";
          P.Half.Premise = true;
        }
    Fn += expandClasses(P.Body) + "}\n";
    P.Half.FirstLine = lineCount() + 1;
    Code += Fn;
    P.Half.LastLine = lineCount();
    return P.Half;
  }

  /// Replaces the class placeholders of local declarations.
  std::string expandClasses(std::string Body) {
    const std::string Key = "ERRLINT_CLASS_OF(";
    for (size_t At = Body.find(Key); At != std::string::npos;
         At = Body.find(Key, At)) {
      size_t End = Body.find(')', At);
      std::string Name = Body.substr(At + Key.size(), End - At - Key.size());
      std::string C = ClassOf.count(Name) ? ClassOf[Name] : Api.Class;
      Body.replace(At, End + 1 - At, C);
      At += C.size();
    }
    return Body;
  }

  unsigned lineCount() const {
    return static_cast<unsigned>(llvm::count(Code, '\n'));
  }

  const DraftApi &Api;
  std::string Code;
  std::vector<llvm::GlobPattern> Globs;
  std::map<std::string, std::string> ClassOf;
  std::map<std::string, std::set<std::string>> OtherMethods;
  std::set<std::string> ObjectMethods, LambdaTakers, AllObjects;
  std::map<std::string, std::set<std::string>> Calls;
  std::vector<PendingHalf> Pending;
  bool Premise = false;
};

} // namespace

const char *halfName(FixHalf H) {
  switch (H) {
  case FixHalf::Before:
    return "before";
  case FixHalf::After:
    return "after";
  case FixHalf::TryBody:
    return "try body";
  }
  return "";
}

std::optional<FixParts> splitExampleFix(llvm::StringRef Fix) {
  FixParts P;
  int Current = 0;
  bool SawBefore = false, SawAfter = false;
  llvm::SmallVector<llvm::StringRef, 32> Lines;
  Fix.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    if (int M = markerOf(L)) {
      Current = M;
      SawBefore |= M == 1;
      SawAfter |= M == 2;
      continue;
    }
    if (Current == 1)
      P.Before += L.str() + "\n";
    else if (Current == 2)
      P.After += L.str() + "\n";
  }
  if (!SawBefore || !SawAfter)
    return std::nullopt;
  return P;
}

const CheckedHalf *CheckUnit::half(FixHalf H) const {
  for (const CheckedHalf &C : Halves)
    if (C.Half == H)
      return &C;
  return nullptr;
}

const CheckedHalf *CheckUnit::halfAt(unsigned Line) const {
  for (const CheckedHalf &C : Halves)
    if (C.FirstLine <= Line && Line <= C.LastLine)
      return &C;
  return nullptr;
}

CheckUnit buildCheckUnit(
    const DraftApi &Api,
    const std::vector<std::pair<FixHalf, std::string>> &Parts,
    const std::string &Title) {
  UnitWriter W(Api, Title);
  for (const auto &[H, Code] : Parts)
    W.add(H, Code);
  return W.finish();
}

} // namespace errlint
