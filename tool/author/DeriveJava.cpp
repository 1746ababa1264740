//===- DeriveJava.cpp - The protocol a record's own code states -----------===//

#include "DeriveJava.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace errlint {
namespace {

/// Calls that fail when their first argument is false, as Guava's
/// Preconditions.checkState, HttpClient's Asserts.check, Spring's
/// Assert.state or commons-lang's Validate.validState do.
bool isStateCheck(llvm::StringRef Name) {
  return llvm::is_contained({"checkState", "check", "validState", "state",
                             "isTrue", "checkArgument", "require",
                             "requireState", "verify", "assertState"},
                            Name);
}

/// Calls that fail when their first argument is null.
bool isNullCheck(llvm::StringRef Name) {
  return llvm::is_contained({"notNull", "requireNonNull", "checkNotNull",
                             "notNullArgument"},
                            Name);
}

/// Calls that fail when their first argument is negative (or not
/// positive): HttpClient's Args.notNegative and Args.positive.
const char *argumentCheckOp(llvm::StringRef Name) {
  if (Name == "notNegative")
    return "<";
  if (Name == "positive")
    return "<=";
  return nullptr;
}

bool isLiteral(const Token &T) {
  return T.Kind == TokKind::Number || T.Kind == TokKind::String ||
         T.Kind == TokKind::Char || T.is("null") || T.is("true") ||
         T.is("false");
}

/// The content of the string literals in [B, E), concatenated.
std::string literalText(const Tokens &T, size_t B, size_t E) {
  std::string Out;
  for (size_t I = B; I < E && I < T.size(); ++I)
    if (T[I].Kind == TokKind::String && T[I].Text.size() >= 2)
      Out += T[I].Text.substr(1, T[I].Text.size() - 2);
  return Out;
}

/// The last identifier of a qualified value: State.CLOSED -> CLOSED.
std::string valueName(const Tokens &T, size_t B, size_t E) {
  if (B + 1 == E)
    return T[B].Text;
  for (size_t I = B; I < E; ++I)
    if (!T[I].isIdent() && !T[I].is("."))
      return "";
  return T[E - 1].Text;
}

/// Skips a leading `this.` in [B, E).
size_t skipThis(const Tokens &T, size_t B, size_t E) {
  if (B + 2 < E + 1 && B + 1 < T.size() && T[B].is("this") && T[B + 1].is("."))
    return B + 2;
  return B;
}

/// Strips the parentheses that enclose all of [B, E).
void stripParens(const Tokens &T, size_t &B, size_t &E) {
  while (B < E && T[B].is("(") && matchingClose(T, B) == E - 1) {
    ++B;
    --E;
  }
}

std::string flipOp(llvm::StringRef Op) {
  if (Op == "<")
    return ">=";
  if (Op == "<=")
    return ">";
  if (Op == ">")
    return "<=";
  if (Op == ">=")
    return "<";
  if (Op == "==")
    return "!=";
  return "==";
}

/// Reads the guards, writes, queries and calls of one snippet.
class Reader {
public:
  explicit Reader(llvm::StringRef Code) : T(lexCode(Code)) {}

  JavaFacts read() {
    findMethods();
    for (size_t I = 0; I < T.size(); ++I)
      readAt(I);
    findQueries();
    return std::move(F);
  }

private:
  /// A header is `name(...) [throws A, B] {`, not after `new` or `.`.
  void findMethods() {
    for (size_t I = 0; I + 1 < T.size(); ++I) {
      if (!T[I].isIdent() || !T[I + 1].is("(") || isControlKeyword(T[I].Text))
        continue;
      if (I > 0 && (T[I - 1].is("new") || T[I - 1].is(".")))
        continue;
      size_t Close = matchingClose(T, I + 1);
      size_t Open = Close + 1;
      if (Open < T.size() && T[Open].is("throws"))
        while (Open < T.size() && !T[Open].is("{") && !T[Open].is(";"))
          ++Open;
      if (Open >= T.size() || !T[Open].is("{"))
        continue;
      JavaMethod M;
      M.Name = T[I].Text;
      M.Line = T[I].Line;
      M.BodyBegin = Open + 1;
      M.BodyEnd = std::min(matchingClose(T, Open), T.size());
      M.Params = params(I + 2, Close);
      readModifiers(I, M);
      F.Methods.push_back(std::move(M));
    }
  }

  /// The names of the parameters in [B, E): the last identifier of each.
  std::vector<std::string> params(size_t B, size_t E) {
    std::vector<std::string> Out;
    std::string Last;
    int Depth = 0;
    for (size_t I = B; I < E && I < T.size(); ++I) {
      if (T[I].is("<") || T[I].is("("))
        ++Depth;
      else if (T[I].is(">") || T[I].is(")"))
        --Depth;
      else if (T[I].is(">>"))
        Depth -= 2;
      else if (Depth == 0 && T[I].is(",")) {
        Out.push_back(Last);
        Last.clear();
      } else if (T[I].isIdent())
        Last = T[I].Text;
    }
    if (!Last.empty())
      Out.push_back(Last);
    return Out;
  }

  void readModifiers(size_t Header, JavaMethod &M) {
    bool Typed = false;
    for (size_t I = Header; I-- > 0;) {
      const Token &Tok = T[I];
      if (Tok.is(";") || Tok.is("}") || Tok.is("{") || Tok.is(")"))
        break;
      if (Tok.is("private") || Tok.is("protected"))
        M.Public = false;
      else if (Tok.isIdent() && !Tok.is("public") && !Tok.is("static") &&
               !Tok.is("final") && !Tok.is("synchronized"))
        Typed = true;
      else if (Tok.is(">") || Tok.is("]"))
        Typed = true;
    }
    M.Constructor = !Typed;
  }

  /// The innermost method whose body holds token I.
  const JavaMethod *methodAt(size_t I) const {
    const JavaMethod *Best = nullptr;
    for (const JavaMethod &M : F.Methods)
      if (M.BodyBegin <= I && I < M.BodyEnd)
        Best = &M;
    return Best;
  }

  std::string methodNameAt(size_t I) const {
    const JavaMethod *M = methodAt(I);
    return M ? M->Name : "";
  }

  void readAt(size_t I) {
    const Token &Tok = T[I];
    if (Tok.is("if") && I + 1 < T.size() && T[I + 1].is("("))
      readIf(I);
    else if (Tok.is("throw"))
      readBareThrow(I);
    else if (Tok.isIdent() && I + 1 < T.size() && T[I + 1].is("("))
      readCall(I);
    else if (Tok.is("=") && I > 0 && T[I - 1].isIdent())
      readAssignment(I);
  }

  /// `if (cond) throw ...` or `if (cond) { ... throw ...; }`.
  void readIf(size_t I) {
    size_t Close = matchingClose(T, I + 1);
    if (Close + 1 >= T.size())
      return;
    size_t Then = Close + 1, ThenEnd = Then;
    if (T[Then].is("{")) {
      ThenEnd = matchingClose(T, Then);
      bool Throws = false;
      for (size_t J = Then + 1; J < ThenEnd && J < T.size(); ++J)
        if (T[J].is("throw") && depthIn(Then + 1, J) == 0)
          Throws = true;
      if (!Throws)
        return;
    } else if (T[Then].is("throw")) {
      ThenEnd = findTopLevel(T, Then, T.size(), {";"});
    } else {
      return;
    }
    JavaGuard G = base(I, Then, ThenEnd);
    addCondition(G, I + 2, Close, /*FailsWhen=*/true);
  }

  /// A throw directly in a method body: the method always throws.
  void readBareThrow(size_t I) {
    const JavaMethod *M = methodAt(I);
    if (!M || I != M->BodyBegin)
      return;
    size_t End = findTopLevel(T, I, T.size(), {";"});
    JavaGuard G = base(I, I, End);
    G.Subject = GuardSubject::Unconditional;
    F.Guards.push_back(std::move(G));
  }

  /// Depth of brackets from B to just before I.
  int depthIn(size_t B, size_t I) const {
    int D = 0;
    for (size_t J = B; J < I; ++J) {
      if (T[J].is("(") || T[J].is("{") || T[J].is("["))
        ++D;
      else if (T[J].is(")") || T[J].is("}") || T[J].is("]"))
        --D;
    }
    return D;
  }

  JavaGuard base(size_t Stmt, size_t MsgBegin, size_t MsgEnd) {
    JavaGuard G;
    G.Method = methodNameAt(Stmt);
    G.Line = T[Stmt].Line;
    size_t End = std::min(MsgEnd + 1, T.size());
    G.Text = joinTokens(T, Stmt, End);
    if (G.Text.size() > 120)
      G.Text = G.Text.substr(0, 117) + "...";
    G.Message = literalText(T, MsgBegin, MsgEnd);
    return G;
  }

  void readCall(size_t I) {
    const std::string &Name = T[I].Text;
    if (isControlKeyword(Name))
      return;
    size_t Close = matchingClose(T, I + 1);
    if (I > 0 && T[I - 1].is("new"))
      return;
    bool Qualified = I > 0 && T[I - 1].is(".");
    bool OnSelf = !Qualified || (I > 1 && T[I - 2].is("this"));
    if (OnSelf && !isHeader(I)) {
      F.CalledHere.insert(Name);
      F.Calls[methodNameAt(I)].insert(Name);
    }
    size_t ArgEnd = findTopLevel(T, I + 2, Close, {","});
    if (isStateCheck(Name)) {
      JavaGuard G = base(I, I + 2, Close);
      addCondition(G, I + 2, ArgEnd, /*FailsWhen=*/false);
    } else if (isNullCheck(Name)) {
      addArgumentCheck(I, Close, ArgEnd, "==", "null");
    } else if (const char *Op = argumentCheckOp(Name)) {
      addArgumentCheck(I, Close, ArgEnd, Op, "0");
    } else if (Qualified && I > 1 && T[I - 2].isIdent()) {
      readAtomicWrite(I, Close);
    }
  }

  bool isHeader(size_t I) const {
    return llvm::any_of(F.Methods, [&](const JavaMethod &M) {
      return M.Line == T[I].Line && M.Name == T[I].Text &&
             M.BodyBegin > I && M.BodyBegin <= matchingClose(T, I + 1) + 8;
    });
  }

  void addArgumentCheck(size_t I, size_t Close, size_t ArgEnd,
                        const std::string &Op, const std::string &Literal) {
    JavaGuard G = base(I, I + 2, Close);
    size_t B = skipThis(T, I + 2, ArgEnd);
    if (B + 1 != ArgEnd || !T[B].isIdent())
      return;
    G.Subject = GuardSubject::ArgLiteral;
    G.Name = T[B].Text;
    G.Op = Op;
    G.Value = Literal;
    resolveParam(G);
  }

  /// `flag.set(true)`, `flag.compareAndSet(false, true)`,
  /// `flag.getAndSet(true)`, `flag.lazySet(true)`.
  void readAtomicWrite(size_t I, size_t Close) {
    const std::string &Name = T[I].Text;
    if (Name != "set" && Name != "compareAndSet" && Name != "getAndSet" &&
        Name != "lazySet")
      return;
    size_t B = I + 2;
    if (Name == "compareAndSet")
      B = findTopLevel(T, B, Close, {","}) + 1;
    if (B >= Close)
      return;
    std::string V = valueName(T, B, Close);
    if (V.empty())
      return;
    addWrite(I, T[I - 2].Text, V, I - 2, Close + 1);
  }

  /// `flag = value;` and `this.flag = value;`, not a declaration's
  /// initializer outside a method.
  void readAssignment(size_t I) {
    if (I >= 2 && T[I - 2].is(".") && !(I >= 3 && T[I - 3].is("this")))
      return;
    size_t End = findTopLevel(T, I + 1, T.size(), {";", ")", ","});
    std::string V = valueName(T, I + 1, End);
    if (V.empty() || !methodAt(I))
      return;
    addWrite(I, T[I - 1].Text, V, I - 1, End);
  }

  void addWrite(size_t At, const std::string &Flag, const std::string &Value,
                size_t B, size_t E) {
    const JavaMethod *M = methodAt(At);
    if (!M || llvm::is_contained(M->Params, Flag))
      return;
    F.Writes.push_back({M->Name, Flag, Value, T[At].Line, joinTokens(T, B, E)});
  }

  /// Adds the guards the condition [B, E) makes: it fails when the
  /// condition is FailsWhen. A disjunction that fails when true (or a
  /// conjunction that fails when false) fails on each operand.
  void addCondition(const JavaGuard &Base, size_t B, size_t E, bool FailsWhen) {
    stripParens(T, B, E);
    const char *Split = FailsWhen ? "||" : "&&";
    size_t Op = findTopLevel(T, B, E, {Split});
    if (Op != E) {
      addCondition(Base, B, Op, FailsWhen);
      addCondition(Base, Op + 1, E, FailsWhen);
      return;
    }
    if (B < E && T[B].is("!")) {
      addCondition(Base, B + 1, E, !FailsWhen);
      return;
    }
    JavaGuard G = Base;
    size_t Cmp = findTopLevel(T, B, E, {"==", "!=", "<", "<=", ">", ">="});
    if (Cmp == E)
      readOperand(G, B, E, FailsWhen);
    else
      readComparison(G, B, Cmp, E, FailsWhen);
  }

  /// A condition with no comparison: a flag, an atomic's get(), a query
  /// of the snippet or a boolean parameter.
  void readOperand(JavaGuard &G, size_t B, size_t E, bool FailsWhen) {
    B = skipThis(T, B, E);
    G.Value = "true";
    G.FailsWhenEqual = FailsWhen;
    if (B + 1 == E && T[B].isIdent()) {
      G.Name = T[B].Text;
      G.Subject = GuardSubject::Flag;
    } else if (B + 5 == E && T[B].isIdent() && T[B + 2].is("get") &&
               T[B + 3].is("(")) {
      G.Name = T[B].Text;
      G.Subject = GuardSubject::Flag;
    } else if (B + 3 == E && T[B].isIdent() && T[B + 1].is("(")) {
      G.Name = T[B].Text;
      G.Subject = GuardSubject::Query;
    } else {
      G.Subject = GuardSubject::RuntimeValue;
    }
    resolveParam(G);
  }

  /// `a op b`: a flag against a value, a parameter against a literal, or
  /// anything else (known at run time only).
  void readComparison(JavaGuard &G, size_t B, size_t Cmp, size_t E,
                      bool FailsWhen) {
    std::string Op = T[Cmp].Text;
    size_t LB = skipThis(T, B, Cmp), RB = Cmp + 1;
    bool LeftName = LB + 1 == Cmp && T[LB].isIdent();
    bool RightLiteral = RB + 1 == E && isLiteral(T[RB]);
    if (!FailsWhen)
      Op = flipOp(Op);
    G.Subject = GuardSubject::RuntimeValue;
    if (LeftName && RightLiteral) {
      G.Subject = GuardSubject::ArgLiteral;
      G.Name = T[LB].Text;
      G.Op = Op;
      G.Value = T[RB].Text;
    } else if (LeftName && (Op == "==" || Op == "!=")) {
      std::string V = valueName(T, RB, E);
      if (!V.empty() && (V == "true" || V == "false" ||
                         llvm::all_of(V, [](char C) {
                           return llvm::isUpper(C) || llvm::isDigit(C) ||
                                  C == '_';
                         }))) {
        G.Subject = GuardSubject::Flag;
        G.Name = T[LB].Text;
        G.Value = V;
        G.FailsWhenEqual = Op == "==";
      }
    }
    resolveParam(G);
  }

  /// A guard on a parameter is about the call's argument: a literal bound
  /// is a call shape, anything else is known at run time only. A flag
  /// that is no parameter stays a flag; an unknown name against a literal
  /// is a member compared at run time.
  void resolveParam(JavaGuard &G) {
    const JavaMethod *M = F.method(G.Method);
    bool IsParam = M && llvm::is_contained(M->Params, G.Name);
    if (G.Subject == GuardSubject::Flag && IsParam)
      G.Subject = GuardSubject::RuntimeValue;
    if (G.Subject == GuardSubject::ArgLiteral) {
      if (!IsParam) {
        G.Subject = GuardSubject::RuntimeValue;
      } else {
        G.ArgIndex = static_cast<unsigned>(
            llvm::find(M->Params, G.Name) - M->Params.begin());
      }
    }
    F.Guards.push_back(G);
  }

  /// Methods whose body is `return [!][this.]flag[.get()];`.
  void findQueries() {
    for (const JavaMethod &M : F.Methods) {
      size_t B = M.BodyBegin, E = M.BodyEnd;
      if (B >= E || !T[B].is("return") || !T[E - 1].is(";"))
        continue;
      ++B;
      --E;
      bool Neg = B < E && T[B].is("!");
      if (Neg)
        ++B;
      B = skipThis(T, B, E);
      if (B + 5 == E && T[B + 1].is(".") && T[B + 2].is("get"))
        E = B + 1;
      if (B + 1 == E && T[B].isIdent() && !isLiteral(T[B]))
        F.Queries.push_back({M.Name, T[B].Text, Neg, M.Line});
    }
  }

  Tokens T;
  JavaFacts F;
};

/// Lower-case, without "is"/"has"/"was" before a capital and without a
/// trailing "Called", "Requested", "Invoked" or "Flag".
std::string flagStem(llvm::StringRef Flag) {
  for (const char *P : {"is", "has", "was"})
    if (Flag.size() > 2 && Flag.starts_with(P) &&
        llvm::isUpper(Flag[llvm::StringRef(P).size()]))
      Flag = Flag.drop_front(llvm::StringRef(P).size());
  for (const char *S : {"Called", "Requested", "Invoked", "Flag"})
    Flag.consume_back(S);
  return Flag.lower();
}

/// A flag-truth literal, "true" or "false", or an enumerator.
bool isBoolValue(llvm::StringRef V) { return V == "true" || V == "false"; }

std::string describeValue(const std::string &Flag, const std::string &V) {
  if (V == "true")
    return "'" + Flag + "' is set";
  if (V == "false")
    return "'" + Flag + "' is not set";
  return "'" + Flag + "' is " + V;
}

} // namespace

const JavaMethod *JavaFacts::method(const std::string &Name) const {
  if (Name.empty())
    return nullptr;
  for (const JavaMethod &M : Methods)
    if (M.Name == Name)
      return &M;
  return nullptr;
}

JavaFacts readJava(llvm::StringRef Code) { return Reader(Code).read(); }

std::vector<std::string> JavaProtocol::methods(MethodRole R) const {
  std::vector<std::string> Out;
  for (const RoleEvidence &E : Roles)
    if (E.Role == R && !llvm::is_contained(Out, E.Method))
      Out.push_back(E.Method);
  return Out;
}

bool JavaProtocol::has(const std::string &Method) const {
  return llvm::any_of(Roles,
                      [&](const RoleEvidence &E) { return E.Method == Method; });
}

bool namesFlag(llvm::StringRef Method, llvm::StringRef Flag) {
  std::string S = flagStem(Flag), M = Method.lower();
  if (M.empty())
    return false;
  return S == M || S == M + "d" || S == M + "ed" || S == M + "ing" ||
         S == M + M.back() + "ed";
}

bool sameFlag(llvm::StringRef A, llvm::StringRef B) {
  return flagStem(A) == flagStem(B);
}

bool messagesMatch(llvm::StringRef RecordMessage, llvm::StringRef Thrown) {
  auto Literal = [](llvm::StringRef S) {
    size_t Cut = S.find_first_of("%{");
    return S.substr(0, Cut).trim().lower();
  };
  std::string R = Literal(RecordMessage), T = Literal(Thrown);
  if (R.size() < 4 || T.size() < 4)
    return false;
  return llvm::StringRef(R).starts_with(T) || llvm::StringRef(T).starts_with(R);
}

const JavaGuard *guardThrowing(const JavaFacts &F, llvm::StringRef Message) {
  const JavaGuard *First = nullptr;
  for (const JavaGuard &G : F.Guards)
    if (messagesMatch(Message, G.Message)) {
      First = &G;
      break;
    }
  if (!First)
    return nullptr;
  // The operands of one test (`closed || index >= size`): a flag makes it
  // a lifecycle, else a value known at run time keeps it out of reach
  // whatever literal bound another operand has.
  const JavaGuard *Best = First;
  for (const JavaGuard &G : F.Guards) {
    if (G.Line != First->Line || G.Text != First->Text)
      continue;
    if (G.Subject == GuardSubject::Flag)
      return &G;
    if (G.Subject == GuardSubject::RuntimeValue)
      Best = &G;
  }
  return Best;
}

namespace {

/// Builds a protocol around one resolved flag guard.
class ProtocolBuilder {
public:
  ProtocolBuilder(const JavaFacts &F, const JavaGuard &G) : F(F) {
    P.Thrower = G;
  }

  std::optional<JavaProtocol> build() {
    if (!resolveQuery())
      return std::nullopt;
    const JavaGuard &G = P.Thrower;
    for (const FlagWrite &W : F.Writes)
      if (W.Flag == G.Name)
        addWrite(W);
    if (P.methods(MethodRole::Close).empty())
      addCloseByName();
    addUses();
    addQueries();
    return std::move(P);
  }

private:
  /// A guard on `isShutdown()` is a guard on the flag it returns.
  bool resolve(JavaGuard &G) const {
    if (G.Subject == GuardSubject::Flag)
      return true;
    if (G.Subject != GuardSubject::Query)
      return false;
    for (const FlagQuery &Q : F.Queries)
      if (Q.Method == G.Name) {
        G.Subject = GuardSubject::Flag;
        G.Name = Q.Flag;
        if (Q.Negated)
          G.FailsWhenEqual = !G.FailsWhenEqual;
        return true;
      }
    return false;
  }

  bool resolveQuery() { return resolve(P.Thrower); }

  bool closes(const std::string &Value) const {
    const JavaGuard &G = P.Thrower;
    return (Value == G.Value) == G.FailsWhenEqual;
  }

  void addWrite(const FlagWrite &W) {
    const JavaMethod *M = F.method(W.Method);
    if (M && M->Constructor)
      return;
    bool Closes = closes(W.Value);
    std::string Why = "sourceCode line " + std::to_string(W.Line) + ": " +
                      W.Text + " (" + describeValue(W.Flag, W.Value) + ")";
    if (M && !M->Public) {
      P.Notes.push_back("'" + W.Method + "' " +
                        (Closes ? "closes" : "reopens") +
                        " but is not public: not listed");
      return;
    }
    if (Closes && W.Method == P.Thrower.Method)
      P.ThrowerCloses = true;
    add(W.Method, Closes ? MethodRole::Close : MethodRole::Reopen, Why);
  }

  /// No write of the flag is quoted: a method of the snippet named after
  /// the flag ('close' for 'closed') closes.
  void addCloseByName() {
    const JavaGuard &G = P.Thrower;
    if (!isBoolValue(G.Value) || !closes("true"))
      return;
    std::set<std::string> Names = F.CalledHere;
    for (const JavaMethod &M : F.Methods)
      Names.insert(M.Name);
    for (const std::string &N : Names)
      if (namesFlag(N, G.Name))
        add(N, MethodRole::Close,
            "sourceCode: named after the flag '" + G.Name +
                "', which the snippet does not show it set");
  }

  /// The throwing method, the others guarded by the flag the same way, and
  /// the methods of the snippet that call one of them.
  void addUses() {
    const JavaGuard &G = P.Thrower;
    std::vector<std::string> Work;
    for (JavaGuard O : F.Guards) {
      if (!resolve(O) || O.Name != G.Name ||
          O.Method.empty() || closes(O.Value) != closes(G.Value) ||
          O.FailsWhenEqual != G.FailsWhenEqual)
        continue;
      if (addUse(O.Method, "sourceCode line " + std::to_string(O.Line) +
                               ": " + O.Text))
        Work.push_back(O.Method);
    }
    while (!Work.empty()) {
      std::string Callee = Work.back();
      Work.pop_back();
      for (const auto &[Caller, Callees] : F.Calls)
        if (!Caller.empty() && Callees.count(Callee) &&
            addUse(Caller, "sourceCode: calls '" + Callee + "'"))
          Work.push_back(Caller);
    }
  }

  /// Returns whether Method is (now) a use whose callers are uses too.
  bool addUse(const std::string &Method, const std::string &Why) {
    const JavaMethod *M = F.method(Method);
    if (P.has(Method) || Visited.count(Method) || (M && M->Constructor))
      return false;
    if (M && !M->Public) {
      P.Notes.push_back("'" + Method + "' throws the record's message in "
                        "sourceCode but is not public: its callers are the "
                        "uses");
      Visited.insert(Method);
      return true;
    }
    if (isCloseOf(Method)) {
      P.ThrowerCloses |= Method == P.Thrower.Method;
      return false;
    }
    add(Method, MethodRole::Use, Why);
    return true;
  }

  bool isCloseOf(const std::string &Method) const {
    return llvm::is_contained(P.methods(MethodRole::Close), Method);
  }

  void addQueries() {
    const JavaGuard &G = P.Thrower;
    if (!isBoolValue(G.Value))
      return;
    for (const FlagQuery &Q : F.Queries) {
      if (Q.Flag != G.Name || P.has(Q.Method))
        continue;
      bool TrueWhenClosed = closes(Q.Negated ? "false" : "true");
      add(Q.Method,
          TrueWhenClosed ? MethodRole::QueryClosed : MethodRole::QueryOpen,
          "sourceCode line " + std::to_string(Q.Line) + ": returns " +
              (Q.Negated ? "!" : "") + "'" + Q.Flag + "'");
    }
  }

  void add(const std::string &Method, MethodRole R, const std::string &Why) {
    if (Method.empty())
      return;
    P.Roles.push_back({Method, R, Why});
  }

  const JavaFacts &F;
  JavaProtocol P;
  std::set<std::string> Visited;
};

} // namespace

std::optional<JavaProtocol> protocolOf(const JavaFacts &F, const JavaGuard &G) {
  return ProtocolBuilder(F, G).build();
}

} // namespace errlint
