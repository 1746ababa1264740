//===- Protocols.cpp - Close protocols inferred from user classes ---------===//

#include "Protocols.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/Regex.h"
#include <algorithm>
#include <map>
#include <set>

using nlohmann::json;

namespace errlint {

//===----------------------------------------------------------------------===//
// Messages
//===----------------------------------------------------------------------===//

std::string displayMessage(const std::string &Message) {
  std::string Out;
  for (char C : Message)
    if (C == MessageHole)
      Out += "...";
    else
      Out += C;
  return Out;
}

/// A record's Java-flavoured pattern as a POSIX extended regex: lazy
/// quantifiers become greedy and the class escapes are spelled out.
static std::string toExtendedRegex(llvm::StringRef Pattern) {
  std::string Out;
  for (size_t I = 0; I < Pattern.size(); ++I) {
    char C = Pattern[I];
    if (C == '\\' && I + 1 < Pattern.size()) {
      char N = Pattern[++I];
      if (N == 'd')
        Out += "[0-9]";
      else if (N == 's')
        Out += "[[:space:]]";
      else if (N == 'w')
        Out += "[[:alnum:]_]";
      else
        Out += std::string("\\") + N;
      continue;
    }
    if (C == '?' && I > 0 && llvm::StringRef("+*?}").contains(Pattern[I - 1]))
      continue; // lazy quantifier
    if (C == '(' && Pattern.substr(I).starts_with("(?:")) {
      Out += '(';
      I += 2;
      continue;
    }
    Out += C;
  }
  return Out;
}

/// A record's printf-style message ("cannot send %s") as a regex.
static std::string formatToRegex(llvm::StringRef Message) {
  std::string Out;
  for (size_t I = 0; I < Message.size(); ++I) {
    char C = Message[I];
    if (C == '%' && I + 1 < Message.size() && llvm::isAlpha(Message[I + 1])) {
      Out += ".+";
      ++I;
      continue;
    }
    if (C == '{' && Message.substr(I).starts_with("{}")) {
      Out += ".+";
      ++I;
      continue;
    }
    if (llvm::StringRef("^$.[]()|*+?{}\\").contains(C))
      Out += '\\';
    Out += C;
  }
  return Out;
}

static bool regexMatches(const std::string &Pattern, const std::string &Text) {
  llvm::Regex R(Pattern);
  std::string Error;
  return R.isValid(Error) && R.match(Text);
}

std::vector<std::string> matchingRecords(const std::string &Message,
                                         const Catalog &Cat) {
  std::string Sample;
  size_t Literal = 0;
  for (char C : Message) {
    Sample += C == MessageHole ? 'x' : C;
    Literal += C != MessageHole;
  }
  std::vector<std::string> Ids;
  // Too little text to tell one message from another.
  if (Literal < 8)
    return Ids;
  for (const auto &[Id, R] : Cat.records()) {
    bool Match =
        (!R.MessagePattern.empty() &&
         regexMatches(toExtendedRegex(R.MessagePattern), Sample)) ||
        (!R.ErrorMessage.empty() &&
         regexMatches(formatToRegex(R.ErrorMessage), Sample));
    if (Match)
      Ids.push_back(Id);
  }
  return Ids;
}

//===----------------------------------------------------------------------===//
// Deciding a class's protocol
//===----------------------------------------------------------------------===//

namespace {

/// The type patterns of the catalogue's use-after-close profiles, compiled
/// once for all the classes of a run (a catalogue may hold thousands).
class CatalogTypes {
public:
  explicit CatalogTypes(const Catalog &Cat) {
    for (const Rule &R : Cat.rules()) {
      if (R.Analysis != AnalysisKind::UseAfterClose)
        continue;
      for (const Profile &P : R.Profiles)
        for (const std::string &T : P.Types) {
          auto G = llvm::GlobPattern::create(T);
          if (!G) {
            llvm::consumeError(G.takeError());
            continue;
          }
          Patterns.emplace_back(std::move(*G), &P);
        }
    }
  }

  /// The uses listed by the profiles that name Class (its qualified or
  /// simple name matches one of their types); empty when none names it.
  std::set<std::string> uses(const std::string &Class) const {
    return listed(Class, &Profile::Use);
  }

  /// The closes those profiles list.
  std::set<std::string> closes(const std::string &Class) const {
    return listed(Class, &Profile::Close);
  }

private:
  std::set<std::string>
  listed(const std::string &Class,
         std::vector<std::string> Profile::*Methods) const {
    llvm::StringRef Simple = llvm::StringRef(Class).rsplit("::").second;
    if (Simple.empty())
      Simple = Class;
    std::set<std::string> Out;
    for (const auto &[G, P] : Patterns)
      if (G.match(Class) || G.match(Simple))
        Out.insert((P->*Methods).begin(), (P->*Methods).end());
    return Out;
  }

  std::vector<std::pair<llvm::GlobPattern, const Profile *>> Patterns;
};

} // namespace

namespace {

std::string where(const Location &S) {
  return S.File + ":" + std::to_string(S.Line);
}

/// A state value as a note says it.
std::string valueText(const std::string &V) {
  if (V == "@nohandle")
    return "no handle (-1 or null)";
  if (V == "@handle")
    return "a handle";
  return V;
}

std::string describeTest(const StateTest &T) {
  if (T.Value == "true" && T.Equal)
    return "'" + T.Field + "' is set";
  if (T.Value == "false" && T.Equal)
    return "'" + T.Field + "' is not set";
  // A descriptor or pointer member (ProtocolFacts.cpp's handle values).
  if (T.Value == "@nohandle" || T.Value == "@handle")
    return "'" + T.Field + "' " +
           ((T.Value == "@nohandle") == T.Equal ? "holds no handle (-1 or null)"
                                                : "holds a handle");
  return "'" + T.Field + "' " + (T.Equal ? "is " : "is not ") + T.Value;
}

/// A test on a flag as an equality (`!= true` is `== false`).
StateTest asEquality(StateTest T) {
  if (!T.Equal && (T.Value == "true" || T.Value == "false"))
    return {T.Field, true, T.Value == "true" ? "false" : "true"};
  return T;
}

/// True when every value for which A holds makes B hold (both on one field).
bool implies(StateTest A, StateTest B) {
  A = asEquality(A);
  B = asEquality(B);
  if (A.Field != B.Field)
    return false;
  if (A.Equal)
    return B.holdsFor(A.Value);
  return !B.Equal && A.Value == B.Value;
}

/// The facts with each guard on a query method of the object (`if
/// (isClosed()) throw`) turned into a guard on the member the query reads;
/// guards on queries that read no member are dropped.
ClassFacts resolveQueryGuards(ClassFacts C) {
  std::map<std::string, StateTest> Queries, TrueOnlyWhen;
  for (const MethodFacts &M : C.Methods) {
    if (M.Query && !llvm::StringRef(M.Query->Field).starts_with(QueryPrefix))
      Queries[M.Name] = M.QueryNegated ? M.Query->negated() : *M.Query;
    if (M.TrueOnlyWhen)
      TrueOnlyWhen[M.Name] = *M.TrueOnlyWhen;
  }
  for (MethodFacts &M : C.Methods) {
    std::vector<Guard> Kept;
    for (Guard &G : M.Guards) {
      llvm::StringRef Field(G.When.Field);
      if (Field.consume_front(QueryPrefix)) {
        auto It = Queries.find(Field.str());
        // `if (!isOpen()) throw` of a method true only where the member
        // test holds: it throws wherever the test fails.
        if (auto Only = TrueOnlyWhen.find(Field.str());
            It == Queries.end() && Only != TrueOnlyWhen.end() &&
            G.When.Value == "false") {
          G.When = Only->second.negated();
          Kept.push_back(std::move(G));
          continue;
        }
        if (It == Queries.end())
          continue;
        G.When = G.When.Value == "true" ? It->second : It->second.negated();
      }
      Kept.push_back(std::move(G));
    }
    M.Guards = std::move(Kept);
    // An exit on a query stays in place (CallExits counts it) and never
    // matches a member when the query reads none.
    for (StateTest &T : M.Exits) {
      llvm::StringRef Field(T.Field);
      if (!Field.consume_front(QueryPrefix))
        continue;
      if (auto It = Queries.find(Field.str()); It != Queries.end())
        T = T.Value == "true" ? It->second : It->second.negated();
    }
  }
  return C;
}

/// Whether M makes its I-th call only past an early return it takes
/// wherever the object is closed (`if (closed_ || fading_) return;
/// dim(...);`): on a closed object the call never runs.
bool pastClosedExit(const MethodFacts &M, size_t I, const StateTest &Closed) {
  if (I >= M.CallExits.size())
    return false;
  for (unsigned E = 0; E < M.CallExits[I] && E < M.Exits.size(); ++E) {
    const StateTest &T = M.Exits[E];
    if (T.Field != Closed.Field)
      continue;
    if (Closed.Equal ? T.holdsFor(Closed.Value)
                     : !T.Equal && T.Value == Closed.Value)
      return true;
  }
  return false;
}

/// The first of M's calls that Pred accepts and that runs on a closed
/// object too (not past an early return taken when it is closed).
std::vector<std::string>::const_iterator
firstCallWhenClosed(const MethodFacts &M, const StateTest &Closed,
                    llvm::function_ref<bool(const std::string &)> Pred) {
  for (auto It = M.Calls.begin(); It != M.Calls.end(); ++It)
    if (Pred(*It) && !pastClosedExit(M, It - M.Calls.begin(), Closed))
      return It;
  return M.Calls.end();
}

/// The words of an identifier, lower case: "isShutDown_" -> is, shut, down.
std::vector<std::string> wordsOf(llvm::StringRef Name) {
  std::vector<std::string> Words;
  std::string Cur;
  for (size_t I = 0; I < Name.size(); ++I) {
    char Ch = Name[I];
    bool Boundary = !llvm::isAlnum(Ch) ||
                    (llvm::isUpper(Ch) && I > 0 && llvm::isLower(Name[I - 1]));
    if (Boundary && !Cur.empty()) {
      Words.push_back(Cur);
      Cur.clear();
    }
    if (llvm::isAlnum(Ch))
      Cur += llvm::toLower(Ch);
  }
  if (!Cur.empty())
    Words.push_back(Cur);
  return Words;
}

bool hasWordStarting(llvm::StringRef Name,
                     std::initializer_list<const char *> Roots) {
  for (const std::string &W : wordsOf(Name))
    for (const char *R : Roots)
      if (llvm::StringRef(W).starts_with(R))
        return true;
  return false;
}

const std::initializer_list<const char *> CloseRoots = {
    "close", "shut", "stop", "finish", "terminat", "dispos", "disconnect",
    "cancel", "abort", "destroy", "releas", "teardown", "done", "dead",
    "kill", "quit", "exit", "drain", "seal", "complet", "expire", "invalid",
    "down", "end", "fail", "broken", "disposed", "logout", "logoff",
    "signout", "hangup"};
/// Words of a thrown message that say the object is closed ("uplink
/// disconnected", "client logged out"): only the unambiguous roots.
const std::initializer_list<const char *> MessageCloseRoots = {
    "close", "shut", "stop", "terminat", "disconnect", "dispos", "destroy",
    "cancel", "abort", "expire", "seal", "finish", "logout"};
const std::initializer_list<const char *> MessageClosePhrases = {
    "logged out", "signed out", "logged off", "hung up"};
const std::initializer_list<const char *> OpenRoots = {
    "open", "alive", "running", "active", "valid", "connected", "usable",
    "live", "ready", "started", "up", "ok", "good"};
/// Words of a method or flag that begins a state, or suspends one, rather
/// than ending the object's use (`start()` setting started_, `pause()`
/// setting paused_): a flag it sets is no close, whatever its checks say.
const std::initializer_list<const char *> NotEndRoots = {
    "start", "begin", "init", "run", "launch", "open", "connect", "activ",
    "enabl", "resum", "lock", "acquir", "arm", "load", "config", "setup",
    "prepar", "freez", "paus", "suspend", "hold", "mute", "throttl",
    "block", "disabl", "sleep", "wait", "busy"};

class Deriver {
public:
  Deriver(const ClassFacts &Facts, const Catalog &Cat,
          std::set<std::string> Listed, std::set<std::string> ListedCloses)
      : C(resolveQueryGuards(Facts)), Cat(Cat), CatalogUses(std::move(Listed)),
        ListedCloses(std::move(ListedCloses)) {
    for (const MethodFacts &M : C.Methods)
      if (M.Public)
        Public.insert(M.Name);
  }

  /// A state with uses that fail in it is preferred to one whose only
  /// evidence is a close refusing to run twice.
  std::optional<InferredProtocol> derive() {
    for (bool OnlyTwice : {false, true})
      for (const MethodFacts &M : C.Methods)
        for (const Guard &G : M.Guards)
          if (auto P = deriveFor(G.When, OnlyTwice))
            return P;
    return std::nullopt;
  }

private:
  /// The protocol whose "closed" is Closed, when some method sets a value
  /// that makes it hold and some method fails when it holds.
  std::optional<InferredProtocol> deriveFor(const StateTest &Closed,
                                            bool AllowOnlyTwice) {
    InferredProtocol P;
    P.Class = C.Name;
    P.Closed = Closed;
    std::set<std::string> ClosedValues;
    for (const MethodFacts &M : C.Methods)
      for (const StateSet &S : M.Sets)
        if (S.Field == Closed.Field && Closed.holdsFor(S.Value)) {
          ClosedValues.insert(S.Value);
          // Set on the way to opening again (a faulted link closed before
          // it is reopened): no path that returns past it leaves it so. A
          // handle set to none is another matter: the one it held is gone
          // for the copies taken of it (a rotation).
          if (S.FallsThrough && !llvm::StringRef(Closed.Value).starts_with("@") &&
              setAgainLater(M, S, Closed))
            continue;
          // Undoing an open the method made itself, where that open failed
          // half way (`connected_ = true; if (!hello.ok()) { connected_ =
          // false; return hello.status(); }` in connect()): the method
          // opens, or leaves closed, it does not close.
          if (!llvm::StringRef(Closed.Value).starts_with("@") &&
              undoesOwnOpen(M, S, Closed))
            continue;
          if (S.ThrowsAfter &&
              !llvm::is_contained(P.ClosesWhenThrowing, M.Name)) {
            P.ClosesWhenThrowing.push_back(M.Name);
            if (!S.ThrowsAfterType.empty())
              P.ClosesWhenThrowingTypes[M.Name] = S.ThrowsAfterType;
          }
          bool Reopens = reopensAfter(M, S, Closed);
          if (Reopens &&
              !llvm::is_contained(P.ClosesOnlyWhenThrowing, M.Name))
            P.ClosesOnlyWhenThrowing.push_back(M.Name);
          if (llvm::is_contained(P.Close, M.Name))
            continue;
          P.Close.push_back(M.Name);
          Why[M.Name] = where(S.Site) + ": sets '" + S.Field + "' to " +
                        valueText(S.Value) +
                        (Reopens ? ", and sets it again before it returns "
                                   "(closed only when it throws)"
                                 : "");
          if (P.CloseMethod.empty()) {
            P.CloseMethod = M.Name;
            P.CloseSite = S.Site;
          }
        }
    if (P.Close.empty())
      return std::nullopt;
    Listed = CatalogUses;
    if (llvm::none_of(P.Close, [&](const std::string &N) {
          return ListedCloses.count(N) != 0;
        }))
      Listed.clear();
    addClosesIfTrue(P, Closed);
    usesThatCloseWhenFailing(P, ClosedValues);
    addUses(P, ClosedValues);
    // A class with no use that fails once closed still has a protocol when
    // its close refuses to run twice (`hangup()` throwing "released twice"):
    // calling it again is a double close by the class's own code.
    bool OnlyTwice = false;
    if (P.Use.empty()) {
      P.UsesListed = listedUseFails(Closed.Field, ClosedValues);
      OnlyTwice = AllowOnlyTwice && !P.UsesListed &&
                  closeRefusesTwice(P, ClosedValues);
      if (!P.UsesListed && !OnlyTwice)
        return std::nullopt;
    }
    addReopensAndQueries(P, *ClosedValues.begin());
    addCloseThenReopens(P);
    addHandleReopensIfTrue(P);
    addReopensIfVerdict(P, Closed);
    propagate(P);
    addClosesBeforeVerdict(P);
    // Private helpers (ensureOpen(), markClosed()) make their public
    // callers uses and closes; only public methods are listed. A private
    // reopen stays: a public method that closes and then calls it
    // (`rotate() { close(); openNext(); }`) leaves the object open, which
    // its summary learns from that role.
    for (auto *L : {&P.Close, &P.Use, &P.QueryClosed, &P.QueryOpen,
                    &P.ClosesWhenThrowing, &P.ClosesOnlyWhenThrowing,
                    &P.CloseIfTrue, &P.CloseIfFalse})
      llvm::erase_if(*L, [&](const std::string &N) { return !Public.count(N); });
    // A private one that opens only when it returns true stays too, but
    // not where the state is a handle: its summary follows the handle (the
    // stream it closed and failed to replace) better than the role would.
    const bool HandleState = llvm::StringRef(Closed.Value).starts_with("@");
    llvm::erase_if(P.Reopen, [&](const std::string &N) {
      return !Public.count(N) && !opensOnEveryReturn(N, Closed) &&
             (HandleState || !llvm::is_contained(P.ReopenIfTrue, N));
    });
    if (P.Close.empty() || (P.Use.empty() && !P.UsesListed && !OnlyTwice) ||
        !looksLikeClose(P, ClosedValues))
      return std::nullopt;
    P.CloseMethod = P.Close.front();
    P.RuleId = ruleFor(P.RecordIds);
    addClosesThatFailTwice(P, ClosedValues);
    // A class whose uses a catalogue pattern lists needs a protocol of its
    // own only for what the pattern does not say: a reopen, a query, or a
    // close that refuses to run twice.
    if (P.UsesListed && P.Reopen.empty() && P.QueryClosed.empty() &&
        P.QueryOpen.empty() && P.CloseTwiceFails.empty() &&
        P.CloseIfTrue.empty() && P.CloseIfFalse.empty())
      return std::nullopt;
    if (OnlyTwice && P.CloseTwiceFails.empty())
      return std::nullopt;
    return P;
  }

  /// `call()` that throws once closed, and on a timeout sets the closed
  /// state right before it throws: a use that closes only when it fails,
  /// not a close. A method named as a close stays one (a `shutdown()` that
  /// refuses to run twice and closes when it fails), and so does the only
  /// method that closes.
  void usesThatCloseWhenFailing(InferredProtocol &P,
                                const std::set<std::string> &Values) {
    std::vector<std::string> Failing;
    for (const MethodFacts &M : C.Methods) {
      if (!llvm::is_contained(P.Close, M.Name) ||
          hasWordStarting(M.Name, CloseRoots) ||
          !throwsWhenClosed(M, P, Values))
        continue;
      bool OnlyBeforeThrow = llvm::all_of(M.Sets, [&](const StateSet &S) {
        return S.Field != P.Closed.Field || !P.Closed.holdsFor(S.Value) ||
               S.OnlyBeforeThrow;
      });
      if (OnlyBeforeThrow)
        Failing.push_back(M.Name);
    }
    if (Failing.empty() || Failing.size() == P.Close.size())
      return;
    for (const std::string &N : Failing) {
      llvm::erase_if(P.Close, [&](const std::string &C) { return C == N; });
      if (!llvm::is_contained(P.ClosesOnlyWhenThrowing, N))
        P.ClosesOnlyWhenThrowing.push_back(N);
      Why.erase(N);
    }
    P.CloseMethod = P.Close.front();
    for (const MethodFacts &M : C.Methods)
      if (M.Name == P.CloseMethod)
        for (const StateSet &S : M.Sets)
          if (S.Field == P.Closed.Field && P.Closed.holdsFor(S.Value)) {
            P.CloseSite = S.Site;
            return;
          }
  }

  /// The guard of M that throws for every value a close sets, if any.
  static const Guard *throwsWhenClosed(const MethodFacts &M,
                                       const InferredProtocol &P,
                                       const std::set<std::string> &Values) {
    auto It = llvm::find_if(M.Guards, [&](const Guard &G) {
      return G.Throws && G.When.Field == P.Closed.Field &&
             llvm::all_of(Values,
                          [&](const std::string &V) { return G.When.holdsFor(V); });
    });
    return It == M.Guards.end() ? nullptr : &*It;
  }

  /// Some close of P, named as one (`hangup()`, not a `start()` that runs
  /// once), throws when it is closed.
  bool closeRefusesTwice(const InferredProtocol &P,
                         const std::set<std::string> &Values) const {
    return llvm::any_of(C.Methods, [&](const MethodFacts &M) {
      return llvm::is_contained(P.Close, M.Name) &&
             hasWordStarting(M.Name, CloseRoots) &&
             throwsWhenClosed(M, P, Values);
    });
  }

  /// Method N sets an open state in a statement every normal return runs
  /// (`openNext()`, not a `rotateLocked()` that returns false first).
  bool opensOnEveryReturn(const std::string &N, const StateTest &Closed) const {
    return llvm::any_of(C.Methods, [&](const MethodFacts &M) {
      return M.Name == N && llvm::any_of(M.Sets, [&](const StateSet &S) {
               return S.TopLevel && S.Field == Closed.Field &&
                      !Closed.holdsFor(S.Value);
             });
    });
  }

  /// `reopen() { if (fd_ >= 0) { ::close(fd_); fd_ = -1; } return open(); }`
  /// closes and then returns what a reopen that opens only when it returns
  /// true returned: it closes, and reopens when it returns true.
  void addCloseThenReopens(InferredProtocol &P) {
    for (const MethodFacts &M : C.Methods)
      if (llvm::is_contained(P.Close, M.Name) && !M.ReturnsCall.empty() &&
          llvm::is_contained(P.ReopenIfTrue, M.ReturnsCall) &&
          !llvm::is_contained(P.Reopen, M.Name)) {
        P.Reopen.push_back(M.Name);
        P.ReopenIfTrue.push_back(M.Name);
        Why[M.Name] += ", then returns what '" + M.ReturnsCall +
                       "()' returns (open when true)";
      }
  }

  /// `stop(); fd_ = ::socket(...); if (fd_ < 0) return false; if
  /// (::connect(...) != 0) { ::close(fd_); fd_ = -1; return false; } return
  /// true;`: a close that takes a new handle on every path, which each
  /// failure after it lets go of before returning false. Open where it
  /// returns true, closed where it returns false.
  void addHandleReopensIfTrue(InferredProtocol &P) {
    for (const MethodFacts &M : C.Methods) {
      if (!llvm::is_contained(P.Close, M.Name) ||
          llvm::is_contained(P.Reopen, M.Name))
        continue;
      for (const StateSet &S : M.Sets)
        if (S.Field == P.Closed.Field && S.Value == "@handle" &&
            !P.Closed.holdsFor(S.Value) && S.TopLevel && S.OnlyIfTrue) {
          P.Reopen.push_back(M.Name);
          P.ReopenIfTrue.push_back(M.Name);
          Why[M.Name] += ", then " + where(S.Site) + ": takes a new handle, "
                         "kept on the paths that return true";
          break;
        }
    }
  }

  /// Closes whose every set of a closed state runs on exactly the paths
  /// that return true (`if (!unacked_.empty()) return false; closed_ =
  /// true; return true;`): a false result says the object stayed as it was.
  void addClosesIfTrue(InferredProtocol &P, const StateTest &Closed) const {
    for (const MethodFacts &M : C.Methods) {
      if (!llvm::is_contained(P.Close, M.Name) ||
          llvm::is_contained(P.CloseIfTrue, M.Name))
        continue;
      bool Any = false, All = true;
      for (const StateSet &S : M.Sets)
        if (S.Field == Closed.Field && Closed.holdsFor(S.Value)) {
          Any = true;
          All = All && S.OnlyIfTrue && !S.TopLevel;
        }
      if (Any && All)
        P.CloseIfTrue.push_back(M.Name);
      bool AllFalse = Any;
      for (const StateSet &S : M.Sets)
        if (S.Field == Closed.Field && Closed.holdsFor(S.Value))
          AllFalse = AllFalse && S.OnlyBeforeFalse && !S.TopLevel;
      if (AllFalse && !llvm::is_contained(P.CloseIfFalse, M.Name))
        P.CloseIfFalse.push_back(M.Name);
      std::string Field;
      bool Same = true;
      for (const StateSet &S : M.Sets)
        if (S.Field == Closed.Field && Closed.holdsFor(S.Value)) {
          Same = Same && !S.OnlyIfField.empty() && !S.TopLevel &&
                 (Field.empty() || Field == S.OnlyIfField);
          Field = S.OnlyIfField;
        }
      if (Same && !Field.empty())
        P.CloseIfField[M.Name] = Field;
      addCloseIfVerdict(P, Closed, M);
    }
  }

  /// A close whose every set of the closed state runs only before a
  /// return of one verdict of its result (`state_ = State::Closed; return
  /// Status::ioError(...)`): closed only where the caller's result says so.
  static void addCloseIfVerdict(InferredProtocol &P, const StateTest &Closed,
                                const MethodFacts &M) {
    std::vector<VerdictOutcome> Outcomes;
    for (const StateSet &S : M.Sets) {
      if (S.Field != Closed.Field || !Closed.holdsFor(S.Value))
        continue;
      if (!S.hasVerdict() || S.TopLevel)
        return;
      if (!llvm::is_contained(Outcomes, S.verdict()))
        Outcomes.push_back(S.verdict());
    }
    if (!Outcomes.empty())
      P.CloseIfVerdict[M.Name] = std::move(Outcomes);
  }

  /// A reopen whose every set of an open state runs only before a return
  /// of one verdict of its result (`fd_ = fd; return Status::Ok();`, every
  /// failure returning an error before it): open only where the caller's
  /// result says so. Not a close too: one that lets the old handle go
  /// first leaves it closed where it fails whatever it was before.
  void addReopensIfVerdict(InferredProtocol &P, const StateTest &Closed) {
    for (const MethodFacts &M : C.Methods) {
      if (!llvm::is_contained(P.Reopen, M.Name) ||
          llvm::is_contained(P.Close, M.Name) ||
          llvm::is_contained(P.ReopenIfTrue, M.Name))
        continue;
      std::vector<VerdictOutcome> Outcomes;
      bool Every = true;
      for (const StateSet &S : M.Sets) {
        if (S.Field != Closed.Field)
          continue;
        if (Closed.holdsFor(S.Value) || !S.hasVerdict() || S.TopLevel) {
          Every = false;
          break;
        }
        if (!llvm::is_contained(Outcomes, S.verdict()))
          Outcomes.push_back(S.verdict());
      }
      if (!Every || Outcomes.empty())
        continue;
      const VerdictOutcome &Outcome = Outcomes.front();
      Why[M.Name] += ", only where it returns " +
                     (Outcome.Factory.empty()
                          ? "a result whose '" + Outcome.Query + "()' is " +
                                (Outcome.Value ? "true" : "false")
                          : "what '" + Outcome.Factory + "()' builds");
      P.ReopenIfVerdict[M.Name] = std::move(Outcomes);
    }
  }

  /// M sets an open state only on the paths that return true, and on all
  /// of them (`connect()` returning false first when it cannot).
  static bool opensOnlyIfTrue(const MethodFacts &M, const StateTest &Closed) {
    bool Any = false;
    for (const StateSet &S : M.Sets)
      if (S.Field == Closed.Field && !Closed.holdsFor(S.Value)) {
        if (S.TopLevel)
          return false;
        Any = Any || S.OnlyIfTrue;
      }
    return Any;
  }

  /// Set sets the closed state, and a statement every normal return runs
  /// sets an open one after it.
  /// Some later set of M, in a statement Where says (every normal return
  /// runs it: TopLevel; a statement of the body: BodyStatement), gives
  /// Set's field an open value again.
  static bool openedLater(const MethodFacts &M, const StateSet &Set,
                          const StateTest &Closed, bool StateSet::*Where) {
    return llvm::any_of(M.Sets, [&](const StateSet &Later) {
      return Later.*Where && Later.Field == Set.Field &&
             !Closed.holdsFor(Later.Value) && Later.Site.File == Set.Site.File &&
             std::tie(Later.Site.Line, Later.Site.Column) >
                 std::tie(Set.Site.Line, Set.Site.Column);
    });
  }

  static bool setAgainLater(const MethodFacts &M, const StateSet &Set,
                            const StateTest &Closed) {
    return openedLater(M, Set, Closed, &StateSet::BodyStatement);
  }

  /// Set, nested under a branch, gives the closed value back after a
  /// statement of the body before it opened: every path to it opened
  /// first.
  static bool undoesOwnOpen(const MethodFacts &M, const StateSet &Set,
                            const StateTest &Closed) {
    return !Set.BodyStatement &&
           llvm::any_of(M.Sets, [&](const StateSet &Earlier) {
             return Earlier.BodyStatement && Earlier.Field == Set.Field &&
                    !Closed.holdsFor(Earlier.Value) &&
                    Earlier.Site.File == Set.Site.File &&
                    std::tie(Earlier.Site.Line, Earlier.Site.Column) <
                        std::tie(Set.Site.Line, Set.Site.Column);
           });
  }

  /// Set's closed value is given way to on every normal return that runs
  /// it: a later statement every normal return runs opens again, or one
  /// past the same early returns as Set (`if (fd_ < 0) return; ::close(fd_);
  /// fd_ = -1; ...; fd_ = ::open(...); if (fd_ < 0) throw ...;` in a
  /// rotate()).
  static bool reopensAfter(const MethodFacts &M, const StateSet &Set,
                           const StateTest &Closed) {
    if (openedLater(M, Set, Closed, &StateSet::TopLevel))
      return true;
    return Set.BodyStatement && Set.ReturnsBefore >= 0 &&
           llvm::any_of(M.Sets, [&](const StateSet &Later) {
             return Later.BodyStatement &&
                    Later.ReturnsBefore == Set.ReturnsBefore &&
                    Later.Field == Set.Field && !Closed.holdsFor(Later.Value) &&
                    Later.Site.File == Set.Site.File &&
                    std::tie(Later.Site.Line, Later.Site.Column) >
                        std::tie(Set.Site.Line, Set.Site.Column);
           });
  }

  /// Closes that refuse to run on a closed object (`if (closed_) throw
  /// ...;` before closing): calling one twice is a double close. A close
  /// that returns early when closed is idempotent and is not one.
  void addClosesThatFailTwice(InferredProtocol &P,
                              const std::set<std::string> &Values) {
    for (const MethodFacts &M : C.Methods) {
      if (!llvm::is_contained(P.Close, M.Name))
        continue;
      if (const Guard *G = throwsWhenClosed(M, P, Values)) {
        P.CloseTwiceFails.push_back(M.Name);
        P.TwiceFailure = *G;
        Why[M.Name] += "; " + where(G->Site) + ": throws \"" +
                       displayMessage(G->Message) + "\" when " +
                       describeTest(G->When);
      }
    }
    if (P.CloseTwiceFails.empty())
      addClosesThatFailAfterThemselves(P);
    if (P.CloseTwiceFails.empty())
      return;
    // `quit() { send("QUIT"); ...; close(); }`: a close that first calls a
    // close that fails twice, or a use that throws once closed, on every
    // path fails when called on a closed object too. One that returns early
    // when closed is idempotent.
    for (const MethodFacts &M : C.Methods) {
      if (!llvm::is_contained(P.Close, M.Name) ||
          llvm::is_contained(P.CloseTwiceFails, M.Name) ||
          llvm::any_of(M.Guards, [&](const Guard &G) {
            return !G.Throws && G.When.Field == P.Closed.Field;
          }))
        continue;
      auto Fails = firstCallWhenClosed(M, P.Closed, [&](const std::string &Callee) {
        return llvm::is_contained(P.CloseTwiceFails, Callee) ||
               (llvm::is_contained(P.Use, Callee) &&
                !llvm::is_contained(P.ErrorResult, Callee));
      });
      if (Fails == M.Calls.end())
        continue;
      P.CloseTwiceFails.push_back(M.Name);
      Why[M.Name] += "; calls '" + *Fails + "', which throws once closed";
    }
  }

  /// `if (state_ == Shut) throw ...; state_ = Shut;` beside a `pause()`
  /// that leaves another closed value (Paused) the guard lets through:
  /// close() refuses to run after itself, not after every close. The closes
  /// whose throwing guard holds for every closed value that any of them
  /// sets fail twice among themselves (their own double-close profile):
  /// starting from those whose guard holds for what they set themselves,
  /// one whose guard misses a value another sets drops out, until none does.
  const MethodFacts *method(const std::string &Name) const {
    auto It = llvm::find_if(C.Methods,
                            [&](const MethodFacts &M) { return M.Name == Name; });
    return It == C.Methods.end() ? nullptr : &*It;
  }

  void addClosesThatFailAfterThemselves(InferredProtocol &P) {
    std::map<std::string, std::set<std::string>> Own;
    for (const MethodFacts &M : C.Methods) {
      if (!llvm::is_contained(P.Close, M.Name))
        continue;
      for (const StateSet &S : M.Sets)
        if (S.Field == P.Closed.Field && P.Closed.holdsFor(S.Value))
          Own[M.Name].insert(S.Value);
    }
    std::set<std::string> Kept;
    for (const auto &[Name, Values] : Own)
      if (throwsWhenClosed(*method(Name), P, Values))
        Kept.insert(Name);
    for (bool Changed = true; Changed;) {
      Changed = false;
      std::set<std::string> Values;
      for (const std::string &Name : Kept)
        Values.insert(Own[Name].begin(), Own[Name].end());
      for (auto It = Kept.begin(); It != Kept.end();) {
        const MethodFacts *M = method(*It);
        if (M && throwsWhenClosed(*M, P, Values)) {
          ++It;
          continue;
        }
        It = Kept.erase(It);
        Changed = true;
      }
    }
    std::set<std::string> Values;
    for (const std::string &Name : Kept)
      Values.insert(Own[Name].begin(), Own[Name].end());
    for (const std::string &Name : Kept) {
      const Guard *G = throwsWhenClosed(*method(Name), P, Values);
      P.CloseTwiceFails.push_back(Name);
      P.TwiceFailure = *G;
      Why[Name] += "; " + where(G->Site) + ": throws \"" +
                   displayMessage(G->Message) + "\" when " +
                   describeTest(G->When) + ", as it leaves it";
    }
  }

  /// A protocol whose failure cites no record must say "closed" somewhere:
  /// in its close's name, its closed value, or a flag whose set value means
  /// closed (closed_ = true) or whose cleared value means open (open_ =
  /// false). A `started_` flag that makes `start()` "close" the object is
  /// a different contract and is left alone.
  bool looksLikeClose(const InferredProtocol &P,
                      const std::set<std::string> &ClosedValues) const {
    if (!P.RecordIds.empty())
      return true;
    for (const std::string &N : P.Close)
      if (hasWordStarting(N, CloseRoots))
        return true;
    // What the failure says of the object.
    std::string Message = llvm::StringRef(P.Failure.Message).lower();
    if (hasWordStarting(Message, MessageCloseRoots) ||
        llvm::any_of(MessageClosePhrases, [&](const char *Phrase) {
          return llvm::StringRef(Message).contains(Phrase);
        }))
      return true;
    const StateTest &T = P.Closed;
    bool Flag = T.Value == "true" || T.Value == "false";
    if (Flag) {
      bool ClosedIsTrue = ClosedValues.count("true") != 0;
      if (hasWordStarting(T.Field, ClosedIsTrue ? CloseRoots : OpenRoots))
        return true;
      // What the code shows, whatever the flag is called: its one closed
      // value is the only one any guard forbids, by a throw (`lit_`
      // cleared by extinguish(), `if (!lit_) throw ...` in every use).
      return ClosedValues.size() == 1 &&
             !hasWordStarting(T.Field, ClosedIsTrue ? OpenRoots : CloseRoots) &&
             !hasWordStarting(T.Field, NotEndRoots) &&
             llvm::none_of(P.Close,
                           [](const std::string &N) {
                             return hasWordStarting(N, NotEndRoots);
                           }) &&
             onlyForbids(T.Field, ClosedIsTrue ? "true" : "false");
    }
    for (const std::string &V : ClosedValues)
      if (hasWordStarting(V, CloseRoots))
        return true;
    // An end the class's own code shows, whatever the close is called (a
    // value named as a running state, `Started`, is a step of a lifecycle
    // all the same): a use other than the close fails there.
    if (ClosedValues.size() == 1 && !P.Use.empty() &&
        !hasWordStarting(*ClosedValues.begin(), OpenRoots) &&
        !hasWordStarting(*ClosedValues.begin(), NotEndRoots) &&
        terminalValue(T.Field, *ClosedValues.begin()))
      return true;
    // Or where every close lets go of a resource the object holds as it
    // sets that value (`::close(std::exchange(sock_, -1)); state_ =
    // State::Decommissioned;`), and a use refuses to work there.
    if (ClosedValues.size() == 1 && !P.Use.empty() &&
        !hasWordStarting(*ClosedValues.begin(), OpenRoots) &&
        !hasWordStarting(*ClosedValues.begin(), NotEndRoots) &&
        llvm::all_of(P.Close, [&](const std::string &N) {
          const MethodFacts *M = method(N);
          return M && !hasWordStarting(N, NotEndRoots) &&
                 llvm::any_of(M->Sets, [&](const StateSet &S) {
                   return S.Field != T.Field && S.Value == "@nohandle";
                 });
        }))
      return true;
    return !T.Equal && hasWordStarting(T.Value, OpenRoots);
  }

  /// The guards a method meets: its own, and those of the methods of the
  /// same object it calls on every path (`requireLive("test")`).
  std::vector<const Guard *> guardsMet(const MethodFacts &M,
                                       unsigned Depth = 0) const {
    std::vector<const Guard *> Out;
    for (const Guard &G : M.Guards)
      Out.push_back(&G);
    if (Depth < 3)
      for (const std::string &Callee : M.Calls)
        for (const MethodFacts &N : C.Methods)
          if (N.Name == Callee && &N != &M)
            for (const Guard *G : guardsMet(N, Depth + 1))
              Out.push_back(G);
    return Out;
  }

  /// A value of an enum state that only ends the object's use, whatever it
  /// and the method setting it are called (`state_ = State::Off;` in
  /// lockOut()): every check of the field that fails, fails exactly at it
  /// (and some throws), and every method that moves the field to another
  /// value fails there first. Nothing needs the state, and nothing leaves
  /// it.
  bool terminalValue(const std::string &Field, const std::string &V) const {
    if (V == "true" || V == "false")
      return false;
    std::set<std::string> Others;
    for (const MethodFacts &M : C.Methods)
      for (const StateSet &S : M.Sets)
        if (S.Field == Field && S.Value != V)
          Others.insert(S.Value);
    bool Throws = false;
    for (const MethodFacts &M : C.Methods)
      for (const Guard &G : M.Guards) {
        if (G.When.Field != Field)
          continue;
        if (!G.When.holdsFor(V) ||
            llvm::any_of(Others, [&](const std::string &O) {
              return G.When.holdsFor(O);
            }))
          return false;
        Throws = Throws || G.Throws;
      }
    if (!Throws)
      return false;
    for (const MethodFacts &M : C.Methods) {
      bool Leaves = llvm::any_of(M.Sets, [&](const StateSet &S) {
        return S.Field == Field && S.Value != V;
      });
      if (Leaves && llvm::none_of(guardsMet(M), [&](const Guard *G) {
            return G->When.Field == Field && G->When.holdsFor(V);
          }))
        return false;
    }
    return true;
  }

  /// Every check of Field that fails, fails where it is set, and some
  /// method throws there (`if (settled_) throw ...` in charge() and
  /// settle(), no `if (!settled_) throw`): nothing needs the state, it only
  /// ends the object's use, whatever the method that sets it is called
  /// (`settle()`, `seal()`, `commit()`). The same for a flag cleared at
  /// the end (`if (!lit_) throw ...` everywhere, `extinguish()` clearing
  /// it), unless its name says it is a step of a lifecycle (`started_`).
  bool onlyForbids(const std::string &Field, const std::string &Closed) const {
    const std::string Open = Closed == "true" ? "false" : "true";
    bool Throws = false;
    for (const MethodFacts &M : C.Methods)
      for (const Guard &G : M.Guards) {
        if (G.When.Field != Field)
          continue;
        if (!G.When.holdsFor(Closed) || G.When.holdsFor(Open))
          return false;
        Throws = Throws || G.Throws;
      }
    return Throws;
  }

  /// A use a catalogue profile lists fails here for every value a close
  /// sets: the class's code agrees with that profile about what closes it.
  bool listedUseFails(const std::string &Field,
                      const std::set<std::string> &Values) const {
    return llvm::any_of(C.Methods, [&](const MethodFacts &M) {
      return Listed.count(M.Name) &&
             llvm::any_of(M.Guards, [&](const Guard &G) {
               return G.When.Field == Field &&
                      llvm::all_of(Values, [&](const std::string &V) {
                 return G.When.holdsFor(V);
               });
             });
    });
  }

  /// Public methods whose guard fails for every value a close sets.
  void addUses(InferredProtocol &P, const std::set<std::string> &Values) {
    bool HaveCited = false;
    for (const MethodFacts &M : C.Methods) {
      if (llvm::is_contained(P.Close, M.Name) ||
          llvm::is_contained(P.Use, M.Name) || Listed.count(M.Name))
        continue;
      for (const Guard &G : M.Guards) {
        if (G.When.Field != P.Closed.Field ||
            !llvm::all_of(Values, [&](const std::string &V) {
              return G.When.holdsFor(V);
            }))
          continue;
        P.Use.push_back(M.Name);
        // A check the class's other methods make first (`load()` calling
        // `ensureOpen()`), not a use whose body is a bare test (a stub).
        if (M.OnlyChecks &&
            llvm::any_of(C.Methods, [&](const MethodFacts &Caller) {
              return Caller.Name != M.Name &&
                     llvm::is_contained(Caller.Calls, M.Name);
            }))
          P.Checks.push_back(M.Name);
        if (!G.Throws)
          P.ErrorResult.push_back(M.Name);
        if (!G.Throws && G.Returns)
          P.ErrorValues[M.Name] = *G.Returns;
        else
          P.UseThrowTypes.insert(G.ExceptionType);
        Why[M.Name] = where(G.Site) + ": " +
                      (G.Throws ? "throws \"" + displayMessage(G.Message) + "\""
                                : std::string("returns an error")) +
                      " when " + describeTest(G.When);
        std::vector<std::string> Ids =
            G.Throws ? matchingRecords(G.Message, Cat)
                     : std::vector<std::string>();
        for (const std::string &Id : Ids)
          if (!llvm::is_contained(P.RecordIds, Id))
            P.RecordIds.push_back(Id);
        // The quoted failure is the first that cites a record, else the
        // first that throws, else the first.
        bool Better = P.FailingMethod.empty() ||
                      (!HaveCited && !Ids.empty()) ||
                      (!HaveCited && G.Throws && !P.Failure.Throws);
        if (Better) {
          P.Failure = G;
          P.FailingMethod = M.Name;
          HaveCited = !Ids.empty();
        }
        break;
      }
    }
  }

  void addReopensAndQueries(InferredProtocol &P, const std::string &Closed) {
    for (const MethodFacts &M : C.Methods) {
      if (llvm::is_contained(P.Close, M.Name) || llvm::is_contained(P.Use, M.Name))
        continue;
      if (M.Query && M.Query->Field == P.Closed.Field) {
        // What its true result says: closed (`state_ == Sealed` where
        // every state but Proofing is closed), open, or neither (then it
        // is no query: a guess would hide a use or invent one).
        StateTest Q = M.QueryNegated ? M.Query->negated() : *M.Query;
        bool TrueWhenClosed = implies(Q, P.Closed);
        if (!TrueWhenClosed && !implies(Q, P.Closed.negated()))
          continue;
        (TrueWhenClosed ? P.QueryClosed : P.QueryOpen).push_back(M.Name);
        Why[M.Name] = where(M.Site) + ": returns whether the object is " +
                      (TrueWhenClosed ? "closed" : "open");
        continue;
      }
      // `return !closed_ && session_.up();`: true only while open. Its
      // false result is what the uses test (`if (!isOpen()) throw`): a use
      // there fails, closed or not.
      if (!M.Query && M.TrueOnlyWhen &&
          M.TrueOnlyWhen->Field == P.Closed.Field &&
          !M.TrueOnlyWhen->holdsFor(Closed)) {
        P.QueryOpen.push_back(M.Name);
        Why[M.Name] = where(M.Site) + ": returns true only while the object is open";
        continue;
      }
      // A method that returns early in some closed states (`if (state_ ==
      // Closed) return false;`, or `if (retired_) return false;` where
      // retire() sets retired_ as it closes) reopens only after the closes
      // that leave another; after none, it is no reopen (`resume()` after
      // shutdown()).
      // So does one whose writes all need a test that no state a close
      // leaves passes (`if (state_ == State::Open) state_ = Paused;`).
      std::vector<std::string> NotAfter;
      for (const std::string &Close : P.Close)
        if (llvm::any_of(M.Guards,
                         [&](const Guard &G) {
                           return llvm::any_of(closeValues(Close, G.When.Field),
                                               [&](const std::string &V) {
                                                 return G.When.holdsFor(V);
                                               });
                         }) ||
            llvm::any_of(M.SetsOnlyWhen, [&](const StateTest &T) {
              std::vector<std::string> Left = closeValues(Close, T.Field);
              return !Left.empty() &&
                     llvm::none_of(Left, [&](const std::string &V) {
                       return T.holdsFor(V);
                     });
            }))
          NotAfter.push_back(Close);
      if (!NotAfter.empty() && NotAfter.size() == P.Close.size())
        continue;
      // One that first calls a check that throws once closed
      // (`requireOpen("login")`) fails there: a use, not a reopen.
      if (llvm::any_of(M.Calls, [&](const std::string &Callee) {
            return llvm::is_contained(P.Use, Callee) &&
                   !llvm::is_contained(P.ErrorResult, Callee);
          }))
        continue;
      for (const StateSet &S : M.Sets)
        if (S.Field == P.Closed.Field && !P.Closed.holdsFor(S.Value) &&
            !llvm::is_contained(P.Reopen, M.Name)) {
          P.Reopen.push_back(M.Name);
          Why[M.Name] = where(S.Site) + ": sets '" + S.Field + "' to " +
                        valueText(S.Value);
          if (opensOnlyIfTrue(M, P.Closed)) {
            P.ReopenIfTrue.push_back(M.Name);
            Why[M.Name] += " on the paths that return true";
          }
          if (!NotAfter.empty()) {
            P.ReopenNotAfter[M.Name] = NotAfter;
            Why[M.Name] += ", except after " + joinNames(NotAfter);
          }
        }
    }
  }

  /// `Result authenticate() { ...; if (!r.ok()) { close(); return
  /// Result::failure(...); } return Result::success(); }`: a method that
  /// calls a close only in blocks that return one verdict of its result
  /// closes, only where its result has that verdict.
  void addClosesBeforeVerdict(InferredProtocol &P) {
    for (const MethodFacts &M : C.Methods) {
      if (llvm::is_contained(P.Close, M.Name))
        continue;
      std::vector<VerdictOutcome> Outcomes;
      std::string Callee;
      for (const auto &[Called, V] : M.CallsBeforeVerdict) {
        if (!llvm::is_contained(P.Close, Called))
          continue;
        if (!llvm::is_contained(Outcomes, V))
          Outcomes.push_back(V);
        Callee = Called;
      }
      if (Outcomes.empty() ||
          llvm::any_of(M.Calls, [&](const std::string &Called) {
            return llvm::is_contained(P.Close, Called);
          }))
        continue;
      P.Close.push_back(M.Name);
      const VerdictOutcome *Outcome = &Outcomes.front();
      P.CloseIfVerdict[M.Name] = Outcomes;
      Why[M.Name] +=
          (Why[M.Name].empty() ? where(M.Site) + ": " : std::string(", and ")) +
          "calls '" + Callee + "' where it returns " +
          (Outcome->Factory.empty()
               ? "a result whose '" + Outcome->Query + "()' is " +
                     (Outcome->Value ? "true" : "false")
               : "what '" + Outcome->Factory + "()' builds");
    }
  }

  /// The values method Name sets Field to.
  std::vector<std::string> closeValues(const std::string &Name,
                                       const std::string &Field) const {
    std::vector<std::string> Out;
    for (const MethodFacts &M : C.Methods)
      if (M.Name == Name)
        for (const StateSet &S : M.Sets)
          if (S.Field == Field)
            Out.push_back(S.Value);
    return Out;
  }

  /// A public method that calls a close (or, failing that, a use) of the
  /// same object on every path closes (or uses) it too.
  void propagate(InferredProtocol &P) {
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const MethodFacts &M : C.Methods) {
        if (classified(P, M.Name))
          continue;
        // `quit() { send("QUIT"); ...; close(); }` uses, then closes: on a
        // closed object it fails as a use, and it leaves the object closed.
        auto Closing = llvm::find_if(M.Calls, [&](const std::string &Callee) {
          return llvm::is_contained(P.Close, Callee);
        });
        // `tick() { if (closed_ || fading_) return; dim(...); }` never
        // reaches the use on a closed object; a close past such a return
        // (`if (closed_) return; closeLocked();`) still leaves it closed.
        auto Using = firstCallWhenClosed(M, P.Closed, [&](const std::string &Callee) {
          return llvm::is_contained(P.Use, Callee);
        });
        if (Closing == M.Calls.end() && Using == M.Calls.end())
          continue;
        // `rotate() { close(); openNext(); }` opens it again before it
        // returns: not a close (its summary says what it does on the way).
        auto Reopening = std::find_if(Closing, M.Calls.end(),
                                      [&](const std::string &Callee) {
                                        return llvm::is_contained(P.Reopen, Callee);
                                      });
        // Nor is `redial() { close(); fd_ = dial(); }`, which gives the
        // state an open value itself after the close.
        const int ClosingAt = Closing - M.Calls.begin();
        const bool OpensAfter = llvm::any_of(M.Sets, [&](const StateSet &S) {
          return S.CallsBefore > ClosingAt && S.Field == P.Closed.Field &&
                 !P.Closed.holdsFor(S.Value);
        });
        const bool Closes = Closing != M.Calls.end() &&
                            Reopening == M.Calls.end() && !OpensAfter;
        const bool UsesFirst = Using < Closing;
        if (!Closes && !UsesFirst)
          continue;
        if (Closes)
          P.Close.push_back(M.Name);
        if (UsesFirst)
          P.Use.push_back(M.Name);
        // `return closeLocked();` beside returns of `{false, 0}`: closed
        // where the field closeLocked() reports through says so.
        if (Closes && !UsesFirst && M.ReturnsCall == *Closing)
          if (auto Field = P.CloseIfField.find(*Closing);
              Field != P.CloseIfField.end() &&
              llvm::is_contained(M.FalseFieldsElsewhere, Field->second))
            P.CloseIfField[M.Name] = Field->second;
        std::string Calls = UsesFirst ? *Using : *Closing;
        if (UsesFirst && Closes)
          Calls += "', then '" + *Closing;
        Why[M.Name] = where(M.Site) + ": calls '" + Calls + "'";
        Changed = true;
      }
    }
  }

  static bool classified(const InferredProtocol &P, const std::string &N) {
    return llvm::is_contained(P.Close, N) || llvm::is_contained(P.Use, N) || llvm::is_contained(P.Reopen, N) ||
           llvm::is_contained(P.QueryClosed, N) || llvm::is_contained(P.QueryOpen, N);
  }

  /// The rule that cites one of the records, else "use-after-close", else
  /// the first use-after-close rule.
  std::string ruleFor(const std::vector<std::string> &Ids) const {
    std::string Generic;
    for (const Rule &R : Cat.rules()) {
      if (R.Analysis != AnalysisKind::UseAfterClose)
        continue;
      for (const std::string &Id : Ids)
        if (llvm::is_contained(R.Records, Id))
          return R.Id;
      if (Generic.empty() || R.Id == "use-after-close")
        Generic = R.Id;
    }
    return Generic;
  }

  ClassFacts C;
  const Catalog &Cat;
  /// The uses the catalogue's profiles that name the class (by its name or
  /// a pattern such as `*Channel`) list: those profiles report them, with
  /// their records. The class's code adds the uses they do not list.
  std::set<std::string> CatalogUses;
  /// What this derivation leaves to them (CatalogUses, or none).
  std::set<std::string> Listed;
  /// The closes those profiles list: where the class's own close is none
  /// of them (`disconnect()` on a class `*Channel` names, whose profile
  /// closes with `close()`), the profiles never see it closed, and the
  /// uses they list are the class's own protocol's too.
  std::set<std::string> ListedCloses;
  std::set<std::string> Public;

public:
  std::map<std::string, std::string> Why;
};

} // namespace

std::vector<InferredProtocol> deriveProtocols(const std::vector<ClassFacts> &Facts,
                                              const Catalog &Cat) {
  std::vector<InferredProtocol> Out;
  std::optional<CatalogTypes> Types;
  for (const ClassFacts &C : Facts) {
    if (C.Name == FunctionSummaries)
      continue;
    if (!Types)
      Types.emplace(Cat);
    Deriver D(C, Cat, Types->uses(C.Name), Types->closes(C.Name));
    std::optional<InferredProtocol> P = D.derive();
    if (!P || P->RuleId.empty())
      continue;
    P->Evidence = std::move(D.Why);
    Out.push_back(std::move(*P));
  }
  return Out;
}

//===----------------------------------------------------------------------===//
// Profiles, rules files and listings
//===----------------------------------------------------------------------===//

std::string joinNames(const std::vector<std::string> &Names) {
  std::string Out;
  for (size_t I = 0; I < Names.size(); ++I)
    Out += (I ? ", '" : "'") + Names[I] + "()'";
  return Out;
}

/// The notes every finding under the protocol carries: where Method fails
/// (guard G), and the protocol.
static std::vector<Note> evidenceNotes(const InferredProtocol &P,
                                       const Guard &G,
                                       const std::string &Method) {
  std::vector<Note> Notes;
  Note Throw;
  Throw.Kind = NoteKind::ThrowSite;
  Throw.Message = "'" + P.Class + "::" + Method + "' " +
                  (G.Throws ? "throws \"" + displayMessage(G.Message) + "\""
                            : std::string("returns an error")) +
                  " when " + describeTest(G.When);
  if (!P.RecordIds.empty())
    Throw.Message += ": the failure of record " + P.RecordIds.front();
  Throw.Loc = G.Site;
  Notes.push_back(Throw);

  Note Proto;
  Proto.Kind = NoteKind::Protocol;
  Proto.Message = "errlint inferred the protocol of '" + P.Class + "': " +
                  joinNames(P.Close) + " close" +
                  (P.Close.size() == 1 ? "s" : "") + " it (" +
                  describeTest(P.Closed) + "), " + joinNames(P.Use) +
                  " fail once it is closed";
  std::vector<std::string> Queries = P.QueryClosed;
  Queries.insert(Queries.end(), P.QueryOpen.begin(), P.QueryOpen.end());
  if (!Queries.empty())
    Proto.Message += ", " + joinNames(Queries) + " tell" +
                     (Queries.size() == 1 ? "s" : "") + " whether it is";
  if (!P.CloseTwiceFails.empty())
    Proto.Message += ", " + joinNames(P.CloseTwiceFails) + " throw" +
                     (P.CloseTwiceFails.size() == 1 ? "s" : "") +
                     " when called again";
  Proto.Loc = P.CloseSite;
  Notes.push_back(Proto);
  return Notes;
}

/// The member the closed state is read from, when a plain member of the
/// class (not a query's result, not a member of its implementation).
static void setState(Profile &Pr, const StateTest &Closed) {
  if (Closed.Field.empty() || llvm::StringRef(Closed.Field).contains('.') ||
      llvm::StringRef(Closed.Field).starts_with(QueryPrefix))
    return;
  Pr.StateField = Closed.Field;
  Pr.ClosedValue = Closed.Value;
  Pr.ClosedEqual = Closed.Equal;
}

static Profile profileOf(const InferredProtocol &P) {
  Profile Pr;
  Pr.Name = "inferred:" + P.Class;
  Pr.Types = {P.Class};
  Pr.Close = P.Close;
  Pr.Use = P.Use;
  Pr.ErrorResult = P.ErrorResult;
  Pr.UseFailsWithOf = P.ErrorValues;
  Pr.Reopen = P.Reopen;
  Pr.ReopenIfTrue = P.ReopenIfTrue;
  Pr.CloseIfTrue = P.CloseIfTrue;
  Pr.CloseIfFalse = P.CloseIfFalse;
  Pr.CloseIfField = P.CloseIfField;
  Pr.CloseIfVerdict = P.CloseIfVerdict;
  Pr.ReopenIfVerdict = P.ReopenIfVerdict;
  Pr.ReopenNotAfter = P.ReopenNotAfter;
  Pr.QueryClosed = P.QueryClosed;
  Pr.QueryOpen = P.QueryOpen;
  Pr.Records = P.RecordIds;
  Pr.Consequence = "'" + P.Class + "::" + P.FailingMethod + "' " +
                   (P.Failure.Throws ? "throws" : "returns an error") +
                   " once the object is closed" +
                   (P.Failure.Throws && !P.Failure.Message.empty()
                        ? " (\"" + displayMessage(P.Failure.Message) + "\")"
                        : std::string()) +
                   ", and the call does not happen.";
  Pr.Evidence = evidenceNotes(P, P.Failure, P.FailingMethod);
  Pr.UseThrows = P.Failure.Throws;
  if (P.UseThrowTypes.size() == 1)
    Pr.UseThrowsType = *P.UseThrowTypes.begin();
  Pr.ClosesWhenThrowing = P.ClosesWhenThrowing;
  Pr.ClosesWhenThrowingTypes = P.ClosesWhenThrowingTypes;
  Pr.ClosesOnlyWhenThrowing = P.ClosesOnlyWhenThrowing;
  Pr.Checks = P.Checks;
  setState(Pr, P.Closed);
  return Pr;
}

/// The double-close profile of a protocol whose closes throw when the
/// object is already closed.
static Profile twiceProfileOf(const InferredProtocol &P) {
  Profile Pr;
  Pr.Name = "inferred:" + P.Class + ":close-twice";
  Pr.Types = {P.Class};
  Pr.Close = P.CloseTwiceFails;
  setState(Pr, P.Closed);
  // A close that throws after closing leaves it closed for its handler,
  // where closing again is the second close.
  for (const std::string &M : P.ClosesWhenThrowing)
    if (llvm::is_contained(P.CloseTwiceFails, M)) {
      Pr.ClosesWhenThrowing.push_back(M);
      if (auto T = P.ClosesWhenThrowingTypes.find(M);
          T != P.ClosesWhenThrowingTypes.end())
        Pr.ClosesWhenThrowingTypes.insert(*T);
    }
  // So does a use that closes only when it fails (`call()` on a timeout).
  for (const std::string &M : P.ClosesOnlyWhenThrowing)
    if (llvm::is_contained(P.CloseTwiceFails, M) ||
        !llvm::is_contained(P.Close, M)) {
      Pr.ClosesOnlyWhenThrowing.push_back(M);
      if (auto T = P.ClosesWhenThrowingTypes.find(M);
          T != P.ClosesWhenThrowingTypes.end())
        Pr.ClosesWhenThrowingTypes.insert(*T);
    }
  Pr.Reopen = P.Reopen;
  Pr.ReopenIfTrue = P.ReopenIfTrue;
  Pr.CloseIfTrue = P.CloseIfTrue;
  Pr.CloseIfFalse = P.CloseIfFalse;
  Pr.CloseIfField = P.CloseIfField;
  Pr.CloseIfVerdict = P.CloseIfVerdict;
  Pr.ReopenIfVerdict = P.ReopenIfVerdict;
  Pr.ReopenNotAfter = P.ReopenNotAfter;
  Pr.QueryClosed = P.QueryClosed;
  Pr.QueryOpen = P.QueryOpen;
  const std::string &Method = P.CloseTwiceFails.front();
  Pr.Consequence = "'" + P.Class + "::" + Method +
                   "' throws once the object is closed" +
                   (P.TwiceFailure.Message.empty()
                        ? std::string()
                        : " (\"" + displayMessage(P.TwiceFailure.Message) +
                              "\")") +
                   ", and the second close does not happen.";
  Pr.Evidence = evidenceNotes(P, P.TwiceFailure, Method);
  return Pr;
}

/// The catalogue's double-close rule, which the closes that fail twice
/// are checked under.
static const Rule *doubleCloseRule(const Catalog &Cat) {
  for (const Rule &R : Cat.rules())
    if (R.Analysis == AnalysisKind::DoubleClose)
      return &R;
  return nullptr;
}

std::vector<Rule> protocolRules(const std::vector<InferredProtocol> &Protocols,
                                const std::vector<InferredExecutor> &Executors,
                                const Catalog &Cat) {
  std::vector<Rule> Out;
  // The copy of Base in Out that holds inferred profiles.
  auto RuleFor = [&](const Rule *Base) -> Rule * {
    if (!Base)
      return nullptr;
    auto It = std::find_if(Out.begin(), Out.end(),
                           [&](const Rule &R) { return R.Id == Base->Id; });
    if (It != Out.end())
      return &*It;
    Rule R = *Base;
    R.Profiles.clear();
    R.Examples.clear();
    R.ExamplePrelude.clear();
    R.Origin = "inferred";
    Out.push_back(std::move(R));
    return &Out.back();
  };
  for (const InferredProtocol &P : Protocols)
    if (Rule *R = RuleFor(Cat.findRule(P.RuleId)))
      R->Profiles.push_back(profileOf(P));
  for (const InferredProtocol &P : Protocols)
    if (!P.CloseTwiceFails.empty())
      if (Rule *R = RuleFor(doubleCloseRule(Cat)))
        R->Profiles.push_back(twiceProfileOf(P));
  for (const InferredExecutor &E : Executors)
    if (Rule *R = RuleFor(Cat.findRule(E.RuleId)))
      R->Profiles.push_back(executorProfile(E));
  return Out;
}

static json noteToJson(const Note &N) {
  json J{{"kind", noteKindName(N.Kind)}, {"message", N.Message}};
  if (!N.Loc.File.empty()) {
    J["file"] = N.Loc.File;
    J["line"] = N.Loc.Line;
    J["column"] = N.Loc.Column;
    J["text"] = N.Loc.LineText;
  }
  return J;
}

/// A profile of an inferred rule as a rules file holds it.
static json profileToJson(const Profile &P) {
  if (!P.Submit.empty())
    return json{{"name", P.Name},
                {"types", P.Types},
                {"submit", P.Submit},
                {"wait", P.Wait},
                {"consequence", P.Consequence}};
  json J{{"name", P.Name},        {"types", P.Types},
         {"close", P.Close},      {"use", P.Use},
         {"reopen", P.Reopen},    {"queryClosed", P.QueryClosed},
         {"queryOpen", P.QueryOpen}, {"consequence", P.Consequence}};
  if (!P.ErrorResult.empty())
    J["errorResult"] = P.ErrorResult;
  if (!P.UseFailsWithOf.empty())
    J["useFailsWith"] = P.UseFailsWithOf;
  else if (P.UseFailsWith)
    J["useFailsWith"] = *P.UseFailsWith;
  if (P.UseThrows)
    J["useThrows"] = true;
  if (!P.ClosesWhenThrowing.empty())
    J["closesWhenThrowing"] = P.ClosesWhenThrowing;
  if (!P.ClosesOnlyWhenThrowing.empty())
    J["closesOnlyWhenThrowing"] = P.ClosesOnlyWhenThrowing;
  if (!P.Checks.empty())
    J["checks"] = P.Checks;
  return J;
}

json protocolRulesFile(const std::vector<InferredProtocol> &Protocols,
                       const std::vector<InferredExecutor> &Executors,
                       const Catalog &Cat) {
  json Rules = json::array();
  for (const Rule &R : protocolRules(Protocols, Executors, Cat)) {
    json Profiles = json::array();
    for (const Profile &P : R.Profiles) {
      json J = profileToJson(P);
      if (!P.Records.empty())
        J["records"] = P.Records;
      json Notes = json::array();
      for (const Note &N : P.Evidence)
        Notes.push_back(noteToJson(N));
      J["evidence"] = Notes;
      Profiles.push_back(J);
    }
    Rules.push_back(json{{"id", R.Id + "-inferred"},
                         {"summary", R.Summary + " (protocols errlint "
                                                 "inferred from the code)"},
                         {"description", R.Description},
                         {"severity", severityName(R.Severity)},
                         {"analysis", analysisName(R.Analysis).str()},
                         {"records", R.Records},
                         {"profiles", Profiles}});
  }
  return json{{"rules", Rules}};
}

std::string describeProtocols(const std::vector<InferredProtocol> &Protocols,
                              const std::vector<InferredExecutor> &Executors,
                              const std::vector<InferredRegistry> &Registries) {
  std::string Out;
  for (const InferredProtocol &P : Protocols) {
    Out += P.Class + ": closed when " + describeTest(P.Closed) + " (rule " +
           P.RuleId + ")\n";
    auto Role = [&](const char *Label, const std::vector<std::string> &Names) {
      for (const std::string &N : Names) {
        auto It = P.Evidence.find(N);
        Out += std::string("  ") + Label + " " + N + "()";
        if (It != P.Evidence.end())
          Out += "  " + It->second;
        Out += "\n";
      }
    };
    Role("close  ", P.Close);
    std::vector<std::string> Uses, Checks;
    for (const std::string &N : P.Use)
      (llvm::is_contained(P.Checks, N) ? Checks : Uses).push_back(N);
    Role("use    ", Uses);
    // Uses too (their callers fail where they fail), never reported.
    Role("check  ", Checks);
    Role("reopen ", P.Reopen);
    Role("query  ", P.QueryClosed);
    Role("query  ", P.QueryOpen);
    if (!P.RecordIds.empty())
      Out += "  cites  " + llvm::join(P.RecordIds, ", ") + "\n";
  }
  Out += describeWork(Executors, Registries);
  return Out;
}

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

static json spotToJson(const Location &S) {
  return json{S.File, S.Line, S.Column, S.LineText};
}

static Location spotFromJson(const json &J) {
  Location S;
  S.File = J.at(0).get<std::string>();
  S.Line = J.at(1).get<unsigned>();
  S.Column = J.at(2).get<unsigned>();
  S.LineText = J.at(3).get<std::string>();
  return S;
}

static json testToJson(const StateTest &T) {
  return json{T.Field, T.Equal, T.Value};
}

static StateTest testFromJson(const json &J) {
  return StateTest{J.at(0).get<std::string>(), J.at(1).get<bool>(),
                   J.at(2).get<std::string>()};
}

static const char *const EffectKinds[] = {
    "close",   "use",    "sets",  "closeOnThrow", "ensures",
    "awaits",  "spawned", "keeps", "runs",        "returns", "rebinds",
    "closesResult", "forgets", "taskUse", "provesOpen", "reopens", "invokes",
    "trueOnlyIf", "resultField", "aliases", "fieldTest", "callableUse",
    "callableClose", "registers"};

static json effectsToJson(const std::vector<EffectFacts> &Effects) {
  json Out = json::array();
  for (const EffectFacts &E : Effects) {
    json J{{"kind", EffectKinds[E.K]},
           {"profile", E.Profile},
           {"this", E.OnThis},
           {"param", E.Param},
           {"fields", E.Fields},
           {"must", E.Must},
           {"site", spotToJson(E.Site)}};
    if (E.OnlyIfReturns)
      J["onlyIfReturns"] = *E.OnlyIfReturns;
    if (E.OuterSite.Line)
      J["outer"] = spotToJson(E.OuterSite);
    if (E.OnlyIfTrue)
      J["onlyIfTrue"] = true;
    if (E.ResultNegative)
      J["resultNegative"] = true;
    if (E.MembersOnly)
      J["membersOnly"] = true;
    if (E.Prior)
      J["prior"] = true;
    if (E.MustIfPre)
      J["mustIfPre"] = true;
    if (E.OnlyIfParam)
      J["onlyIfParam"] = *E.OnlyIfParam;
    if (!E.OnlyIfField.empty())
      J["onlyIfField"] = E.OnlyIfField;
    if (E.Guarded)
      J["guarded"] = true;
    if (E.CheckedOpen)
      J["checkedOpen"] = true;
    if (E.Again)
      J["again"] = true;
    if (E.Thread)
      J["thread"] = true;
    if (E.Pinned)
      J["pinned"] = true;
    if (!E.Accessor.empty())
      J["accessor"] = E.Accessor;
    if (E.K == EffectFacts::Registers)
      J["keptIn"] = json{E.KeptIn, E.Keeper, E.Key, E.Keyed};
    if (E.Thrown)
      J["thrown"] = *E.Thrown;
    if (E.K == EffectFacts::Sets || E.K == EffectFacts::Ensures ||
        E.K == EffectFacts::Keeps || E.K == EffectFacts::ResultField ||
        E.K == EffectFacts::FieldTest ||
        E.ValueKind || E.Value)
      J["value"] = json{E.ValueKind, E.Value};
    if (!E.Pre.empty())
      J["pre"] = effectsToJson(E.Pre);
    if (!E.While.empty())
      J["while"] = effectsToJson(E.While);
    if (!E.Exec.empty())
      J["exec"] = effectsToJson(E.Exec);
    if (!E.HeldLocks.empty())
      J["heldLocks"] = effectsToJson(E.HeldLocks);
    Out.push_back(std::move(J));
  }
  return Out;
}

static std::vector<EffectFacts> effectsFromJson(const json &J) {
  std::vector<EffectFacts> Out;
  for (const json &EJ : J) {
    EffectFacts E;
    std::string Kind = EJ.at("kind").get<std::string>();
    auto Known = llvm::find(EffectKinds, Kind);
    if (Known == std::end(EffectKinds))
      throw json::other_error::create(501, "unknown effect '" + Kind + "'",
                                      &EJ);
    E.K = static_cast<EffectFacts::Kind>(Known - std::begin(EffectKinds));
    E.Profile = EJ.at("profile").get<std::string>();
    E.OnThis = EJ.at("this").get<bool>();
    E.Param = EJ.at("param").get<unsigned>();
    E.Fields = EJ.at("fields").get<std::vector<std::string>>();
    E.Must = EJ.at("must").get<bool>();
    E.Site = spotFromJson(EJ.at("site"));
    if (EJ.contains("onlyIfReturns"))
      E.OnlyIfReturns = EJ.at("onlyIfReturns").get<int64_t>();
    if (EJ.contains("outer"))
      E.OuterSite = spotFromJson(EJ.at("outer"));
    E.OnlyIfTrue = EJ.value("onlyIfTrue", false);
    E.ResultNegative = EJ.value("resultNegative", false);
    E.MembersOnly = EJ.value("membersOnly", false);
    E.Prior = EJ.value("prior", false);
    E.MustIfPre = EJ.value("mustIfPre", false);
    E.Guarded = EJ.value("guarded", false);
    E.CheckedOpen = EJ.value("checkedOpen", false);
    E.Again = EJ.value("again", false);
    E.Thread = EJ.value("thread", false);
    E.Pinned = EJ.value("pinned", false);
    E.Accessor = EJ.value("accessor", std::string());
    if (EJ.contains("keptIn")) {
      const json &K = EJ.at("keptIn");
      E.KeptIn = K.at(0).get<std::string>();
      E.Keeper = K.at(1).get<std::string>();
      E.Key = K.at(2).get<std::string>();
      E.Keyed = K.at(3).get<bool>();
    }
    if (EJ.contains("thrown"))
      E.Thrown = EJ.at("thrown").get<std::vector<std::string>>();
    if (EJ.contains("onlyIfParam"))
      E.OnlyIfParam = EJ.at("onlyIfParam").get<unsigned>();
    E.OnlyIfField = EJ.value("onlyIfField", std::string());
    if (EJ.contains("value")) {
      E.ValueKind = EJ.at("value").at(0).get<uint8_t>();
      E.Value = EJ.at("value").at(1).get<int64_t>();
    }
    if (EJ.contains("pre"))
      E.Pre = effectsFromJson(EJ.at("pre"));
    if (EJ.contains("while"))
      E.While = effectsFromJson(EJ.at("while"));
    if (EJ.contains("exec"))
      E.Exec = effectsFromJson(EJ.at("exec"));
    if (EJ.contains("heldLocks"))
      E.HeldLocks = effectsFromJson(EJ.at("heldLocks"));
    Out.push_back(std::move(E));
  }
  return Out;
}

json factsToJson(const std::vector<ClassFacts> &Facts) {
  json Out = json::array();
  for (const ClassFacts &C : Facts) {
    json Methods = json::array();
    for (const MethodFacts &M : C.Methods) {
      json Guards = json::array(), Sets = json::array();
      for (const Guard &G : M.Guards)
      {
        json GJ{{"when", testToJson(G.When)},
                {"throws", G.Throws},
                {"message", G.Message},
                {"type", G.ExceptionType},
                {"site", spotToJson(G.Site)}};
        if (G.Returns)
          GJ["returns"] = *G.Returns;
        Guards.push_back(std::move(GJ));
      }
      for (const StateSet &S : M.Sets)
        Sets.push_back(json{S.Field, S.Value, spotToJson(S.Site),
                            S.ThrowsAfter, S.TopLevel, S.ThrowsAfterType,
                            S.OnlyIfTrue, S.OnlyBeforeThrow, S.OnlyIfField,
                            S.VerdictQuery, S.VerdictValue, S.VerdictFactory,
                            S.BodyStatement, S.FallsThrough, S.CallsBefore,
                            S.ReturnsBefore, S.OnlyBeforeFalse});
      json J{{"name", M.Name},   {"public", M.Public},
             {"site", spotToJson(M.Site)}, {"guards", Guards},
             {"sets", Sets},     {"calls", M.Calls}};
      if (M.Query)
        J["query"] = json{testToJson(*M.Query), M.QueryNegated};
      if (M.TrueOnlyWhen)
        J["trueOnlyWhen"] = testToJson(*M.TrueOnlyWhen);
      if (!M.SetsOnlyWhen.empty()) {
        json Tests = json::array();
        for (const StateTest &T : M.SetsOnlyWhen)
          Tests.push_back(testToJson(T));
        J["setsOnlyWhen"] = std::move(Tests);
      }
      if (!M.Exits.empty()) {
        json Tests = json::array();
        for (const StateTest &T : M.Exits)
          Tests.push_back(testToJson(T));
        J["exits"] = json{std::move(Tests), M.CallExits};
      }
      if (!M.ReturnsCall.empty())
        J["returnsCall"] = M.ReturnsCall;
      if (M.OnlyChecks)
        J["onlyChecks"] = true;
      if (!M.CallsBeforeVerdict.empty()) {
        json Calls = json::array();
        for (const auto &[Callee, V] : M.CallsBeforeVerdict)
          Calls.push_back(json{Callee, V.Query, V.Value, V.Factory});
        J["callsBeforeVerdict"] = Calls;
      }
      if (!M.FalseFieldsElsewhere.empty())
        J["falseFieldsElsewhere"] = M.FalseFieldsElsewhere;
      if (!M.Effects.empty())
        J["effects"] = effectsToJson(M.Effects);
      if (!M.StoresCallableIn.empty())
        J["stores"] = json{M.StoresCallableIn, spotToJson(M.StoreSite),
                           M.StoreParam, M.StoreKey};
      if (!M.RunsFrom.empty())
        J["runs"] = json{M.RunsFrom, spotToJson(M.RunSite), M.RunKey,
                         M.RunSelected, M.RunReversed, M.RunKeyField};
      if (!M.DropsFrom.empty())
        J["drops"] = json{M.DropsFrom, spotToJson(M.DropSite), M.DropKey};
      if (!M.WaitsOn.empty())
        J["waits"] = json{M.WaitsOn, spotToJson(M.WaitSite)};
      Methods.push_back(J);
    }
    json CJ{{"name", C.Name}, {"site", spotToJson(C.Site)}, {"methods", Methods}};
    if (!C.Threads.empty())
      CJ["threads"] = C.Threads;
    if (!C.Runs.empty())
      CJ["runs"] = C.Runs;
    Out.push_back(std::move(CJ));
  }
  return Out;
}

std::vector<ClassFacts> factsFromJson(const json &J) {
  std::vector<ClassFacts> Out;
  for (const json &CJ : J) {
    ClassFacts C;
    C.Name = CJ.at("name").get<std::string>();
    C.Site = spotFromJson(CJ.at("site"));
    for (const json &MJ : CJ.at("methods")) {
      MethodFacts M;
      M.Name = MJ.at("name").get<std::string>();
      M.Public = MJ.at("public").get<bool>();
      M.Site = spotFromJson(MJ.at("site"));
      for (const json &GJ : MJ.at("guards")) {
        M.Guards.push_back(Guard{testFromJson(GJ.at("when")),
                                 GJ.at("throws").get<bool>(),
                                 GJ.at("message").get<std::string>(),
                                 GJ.at("type").get<std::string>(),
                                 spotFromJson(GJ.at("site"))});
        if (GJ.contains("returns"))
          M.Guards.back().Returns = GJ.at("returns").get<int64_t>();
      }
      for (const json &SJ : MJ.at("sets")) {
        M.Sets.push_back(StateSet{SJ.at(0).get<std::string>(),
                                  SJ.at(1).get<std::string>(),
                                  spotFromJson(SJ.at(2)),
                                  SJ.size() > 3 && SJ.at(3).get<bool>(),
                                  SJ.size() > 5 ? SJ.at(5).get<std::string>()
                                                : std::string(),
                                  SJ.size() > 4 && SJ.at(4).get<bool>(),
                                  SJ.size() > 6 && SJ.at(6).get<bool>(),
                                  SJ.size() > 7 && SJ.at(7).get<bool>(),
                                  SJ.size() > 8 ? SJ.at(8).get<std::string>()
                                                : std::string(),
                                  SJ.size() > 9 ? SJ.at(9).get<std::string>()
                                                : std::string(),
                                  SJ.size() > 10 && SJ.at(10).get<bool>(),
                                  SJ.size() > 11 ? SJ.at(11).get<std::string>()
                                                 : std::string()});
        M.Sets.back().BodyStatement = SJ.size() > 12 && SJ.at(12).get<bool>();
        M.Sets.back().FallsThrough = SJ.size() > 13 && SJ.at(13).get<bool>();
        M.Sets.back().CallsBefore = SJ.size() > 14 ? SJ.at(14).get<int>() : -1;
        M.Sets.back().ReturnsBefore = SJ.size() > 15 ? SJ.at(15).get<int>() : -1;
        M.Sets.back().OnlyBeforeFalse = SJ.size() > 16 && SJ.at(16).get<bool>();
      }
      M.Calls = MJ.at("calls").get<std::vector<std::string>>();
      M.ReturnsCall = MJ.value("returnsCall", std::string());
      M.OnlyChecks = MJ.value("onlyChecks", false);
      if (MJ.contains("exits")) {
        for (const json &TJ : MJ.at("exits").at(0))
          M.Exits.push_back(testFromJson(TJ));
        M.CallExits = MJ.at("exits").at(1).get<std::vector<unsigned>>();
      }
      if (MJ.contains("callsBeforeVerdict"))
        for (const json &CJ : MJ.at("callsBeforeVerdict"))
          M.CallsBeforeVerdict.push_back(
              {CJ.at(0).get<std::string>(),
               VerdictOutcome{CJ.at(1).get<std::string>(), CJ.at(2).get<bool>(),
                              CJ.size() > 3 ? CJ.at(3).get<std::string>()
                                            : std::string()}});
      M.FalseFieldsElsewhere = MJ.value("falseFieldsElsewhere",
                                        std::vector<std::string>());
      if (MJ.contains("setsOnlyWhen"))
        for (const json &TJ : MJ.at("setsOnlyWhen"))
          M.SetsOnlyWhen.push_back(testFromJson(TJ));
      if (MJ.contains("query")) {
        M.Query = testFromJson(MJ.at("query").at(0));
        M.QueryNegated = MJ.at("query").at(1).get<bool>();
      }
      if (MJ.contains("trueOnlyWhen"))
        M.TrueOnlyWhen = testFromJson(MJ.at("trueOnlyWhen"));
      if (MJ.contains("effects"))
        M.Effects = effectsFromJson(MJ.at("effects"));
      if (MJ.contains("stores")) {
        const json &SJ = MJ.at("stores");
        M.StoresCallableIn = SJ.at(0).get<std::string>();
        M.StoreSite = spotFromJson(SJ.at(1));
        M.StoreParam = SJ.at(2).get<int>();
        M.StoreKey = SJ.at(3).get<int>();
      }
      if (MJ.contains("runs")) {
        const json &RJ = MJ.at("runs");
        M.RunsFrom = RJ.at(0).get<std::string>();
        M.RunSite = spotFromJson(RJ.at(1));
        M.RunKey = RJ.at(2).get<int>();
        M.RunSelected = RJ.size() > 3 && RJ.at(3).get<bool>();
        M.RunReversed = RJ.size() > 4 && RJ.at(4).get<bool>();
        if (RJ.size() > 5)
          M.RunKeyField = RJ.at(5).get<std::string>();
      }
      if (MJ.contains("drops")) {
        const json &DJ = MJ.at("drops");
        M.DropsFrom = DJ.at(0).get<std::string>();
        M.DropSite = spotFromJson(DJ.at(1));
        M.DropKey = DJ.at(2).get<int>();
      }
      if (MJ.contains("waits")) {
        M.WaitsOn = MJ.at("waits").at(0).get<std::string>();
        M.WaitSite = spotFromJson(MJ.at("waits").at(1));
      }
      C.Methods.push_back(std::move(M));
    }
    if (CJ.contains("threads"))
      C.Threads = CJ.at("threads").get<std::vector<std::string>>();
    if (CJ.contains("runs"))
      C.Runs = CJ.at("runs").get<std::vector<std::string>>();
    Out.push_back(std::move(C));
  }
  return Out;
}

} // namespace errlint
