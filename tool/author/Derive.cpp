//===- Derive.cpp - Draft rules from error records ------------------------===//

#include "Derive.h"
#include "DeriveLex.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include <algorithm>
#include <map>
#include <set>

using nlohmann::json;

namespace errlint {
namespace {

/// A call written in a record's code: `channel.sendMessage(` has receiver
/// "channel"; `close(` has none.
struct WrittenCall {
  std::string Receiver;
  std::string Name;
};

std::vector<WrittenCall> callsIn(llvm::StringRef Code) {
  Tokens T = lexCode(Code);
  std::vector<WrittenCall> Out;
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    if (!T[I].isIdent() || !T[I + 1].is("(") || isControlKeyword(T[I].Text) ||
        llvm::isDigit(T[I].Text[0]))
      continue;
    WrittenCall C;
    C.Name = T[I].Text;
    bool Member = I >= 2 && (T[I - 1].is(".") || T[I - 1].is("->"));
    if (Member && T[I - 2].isIdent() && !T[I - 2].is("this"))
      C.Receiver = T[I - 2].Text;
    Out.push_back(std::move(C));
  }
  return Out;
}

bool startsWithAny(llvm::StringRef S, std::initializer_list<const char *> Ps) {
  for (const char *P : Ps)
    if (S.starts_with_insensitive(P))
      return true;
  return false;
}

/// Closing verbs, for a record whose code states no protocol: a guess from
/// the name, which the review says.
bool isCloseName(llvm::StringRef N) {
  return startsWithAny(N, {"close", "shutdown", "stop", "terminate",
                           "dispose", "disconnect", "destroy", "teardown"});
}

/// 1: a query that is true when closed, 2: true when open, 0: no query.
int queryKind(llvm::StringRef N) {
  if (!(N.starts_with("is") || N.starts_with("has")) || N.size() < 3)
    return 0;
  std::string L = N.lower();
  for (const char *W : {"closed", "shutdown", "terminated", "stopped", "done",
                        "finished", "disconnected", "destroyed"})
    if (L.find(W) != std::string::npos)
      return 1;
  for (const char *W : {"open", "active", "running", "connected", "alive",
                        "ready"})
    if (L.find(W) != std::string::npos)
      return 2;
  return 0;
}

/// The class a Java or C++ file path names: ".../Foo.java" -> "Foo".
std::string classOfPath(llvm::StringRef Path) {
  llvm::StringRef Base = Path.rsplit('/').second;
  if (Base.empty())
    Base = Path;
  Base = Base.split('.').first;
  return !Base.empty() && llvm::isUpper(Base[0]) ? Base.str() : "";
}

std::string ruleIdFor(const Record &Rec) {
  std::string Id;
  for (char C : Rec.Slug.empty() ? Rec.Id : Rec.Slug) {
    char L = llvm::toLower(C);
    if (llvm::isAlnum(L))
      Id += L;
    else if (!Id.empty() && Id.back() != '-')
      Id += '-';
  }
  while (!Id.empty() && Id.back() == '-')
    Id.pop_back();
  return "draft-" + (Id.empty() ? std::string("record") : Id);
}

bool mentions(const Record &Rec, std::initializer_list<const char *> Words) {
  std::string Text = llvm::StringRef(Rec.BackgroundTag + " " +
                                     llvm::join(Rec.Tags, " ") + " " +
                                     Rec.ErrorMessage)
                         .lower();
  for (const char *W : Words)
    if (Text.find(W) != std::string::npos)
      return true;
  return false;
}

std::string summaryOf(const Record &Rec) {
  return "Draft from record " + Rec.Id + ": " +
         (Rec.ErrorMessage.empty() ? Rec.Slug : Rec.ErrorMessage);
}

/// A concrete class name the globs match: the first without wildcards,
/// else the first with its wildcards dropped.
std::string concreteClass(const std::vector<std::string> &Types) {
  for (const std::string &T : Types)
    if (T.find_first_of("*?[") == std::string::npos)
      return T.substr(T.rfind(':') == std::string::npos ? 0 : T.rfind(':') + 1);
  std::string Out;
  for (char C : Types.empty() ? std::string("Api") : Types.front())
    if (llvm::isAlnum(C) || C == '_')
      Out += C;
  return Out.empty() ? "Api" : Out;
}

/// Drafts a lifecycle rule: from the protocol sourceCode states when there
/// is one, else from the names the record's code calls on its object.
class LifecycleDrafter {
public:
  LifecycleDrafter(const Record &Rec, const JavaProtocol *Proto)
      : Rec(Rec), Proto(Proto) {}

  /// The draft, or null when the names give no close and no use.
  json draft(DraftApi &Api) {
    std::string Analysis = chooseAnalysis();
    std::string Receiver = chooseReceiver();
    chooseMethods(Receiver);
    if (!Proto && (Close.empty() || Use.empty()))
      return nullptr;
    std::vector<std::string> Types = chooseTypes(Receiver);
    json Profile{{"name", "draft"},         {"types", Types},
                 {"close", Close},          {"use", Use},
                 {"queryClosed", QueryClosed}, {"queryOpen", QueryOpen},
                 {"records", {Rec.Id}},     {"consequence", consequence()}};
    if (!Reopen.empty())
      Profile["reopen"] = Reopen;
    if (Analysis == "double-close")
      Profile.erase("use");
    Api = {concreteClass(Types), Types, Close, Use, Reopen, QueryClosed,
           QueryOpen, Receiver};
    return json{{"id", ruleIdFor(Rec)},
                {"summary", summaryOf(Rec)},
                {"description", Rec.Documentation},
                {"severity", "warning"},
                {"analysis", Analysis},
                {"records", {Rec.Id}},
                {"profiles", {Profile}},
                {"review", Review}};
  }

private:
  std::string chooseAnalysis() {
    if (Proto && Proto->ThrowerCloses) {
      Review.push_back("analysis 'double-close': sourceCode's '" +
                       Proto->Thrower.Method +
                       "' throws the record's message when the object is "
                       "already closed, and closes it");
      return "double-close";
    }
    if (mentions(Rec, {"double-close", "double close", "closed twice",
                       "already closed"})) {
      Review.push_back("analysis 'double-close': the record's tags or message "
                       "say the object is closed twice");
      return "double-close";
    }
    if (Proto)
      Review.push_back("analysis 'use-after-close': sourceCode throws the "
                       "record's message from a guard on '" +
                       Proto->Thrower.Name + "' (" + Proto->Thrower.Text + ")");
    else
      Review.push_back("analysis 'use-after-close': from the record's "
                       "background tag, tags or message (a call on an object "
                       "after its close); sourceCode states no protocol");
    if (mentions(Rec, {"race", "concurren", "thread"}))
      Review.push_back("the record describes a close racing other threads: "
                       "errlint-close-while-in-use reports those for every "
                       "use-after-close profile, this one included");
    return "use-after-close";
  }

  bool inProtocol(const std::string &Name) const {
    return Proto && Proto->has(Name);
  }

  /// The object the record's code acts on: with a protocol, the first
  /// receiver of one of its methods; else the receiver of the first query
  /// in validationCode, of the first call in a try block, or the most
  /// frequent receiver in exampleFix.
  std::string chooseReceiver() {
    for (const auto &[Field, Code] : sources())
      for (const WrittenCall &C : callsIn(Code))
        if (!C.Receiver.empty() && inProtocol(C.Name))
          return note("object '" + C.Receiver + "': calls '" + C.Name +
                          "' of sourceCode's protocol in " + Field,
                      C.Receiver);
    for (const WrittenCall &C : callsIn(Rec.ValidationCode))
      if (queryKind(C.Name) && !C.Receiver.empty())
        return note("object '" + C.Receiver + "': queried in validationCode",
                    C.Receiver);
    for (const WrittenCall &C : callsIn(tryBlocks(Rec.TryCatchPattern)))
      if (!C.Receiver.empty())
        return note("object '" + C.Receiver +
                        "': called in tryCatchPattern's try block",
                    C.Receiver);
    std::map<std::string, unsigned> Count;
    for (const WrittenCall &C : callsIn(Rec.ExampleFix))
      if (!C.Receiver.empty())
        ++Count[C.Receiver];
    auto Best = std::max_element(
        Count.begin(), Count.end(),
        [](const auto &A, const auto &B) { return A.second < B.second; });
    if (Best != Count.end())
      return note("object '" + Best->first + "': the most called in exampleFix",
                  Best->first);
    Review.push_back("undecided: the record's code calls no method on an "
                     "object, so no close, use or query could be read");
    return "";
  }

  std::vector<std::pair<std::string, std::string>> sources() const {
    return {{"validationCode", Rec.ValidationCode},
            {"tryCatchPattern", tryBlocks(Rec.TryCatchPattern)},
            {"exampleFix", Rec.ExampleFix}};
  }

  void chooseMethods(const std::string &Receiver) {
    if (Proto)
      addProtocol();
    std::set<std::string> Confirmed;
    for (const auto &[Field, Code] : sources())
      for (const WrittenCall &C : callsIn(Code))
        if (!Receiver.empty() && C.Receiver == Receiver &&
            Confirmed.insert(C.Name).second)
          addFromField(C.Name, Field);
    if (Close.empty())
      Review.push_back("undecided: no close method found; add the methods "
                       "that close the object to \"close\"");
    if (Use.empty())
      Review.push_back("undecided: no use found; add the calls that fail once "
                       "the object is closed to \"use\"");
  }

  void addFromField(const std::string &Name, const std::string &Field) {
    if (Proto)
      confirm(Name, Field);
    else
      classify(Name, Field);
  }

  void addProtocol() {
    for (const RoleEvidence &E : Proto->Roles)
      add(roleList(E.Role), E.Method, E.Why);
    for (const std::string &N : Proto->Notes)
      Review.push_back(N);
  }

  std::vector<std::string> &roleList(MethodRole R) {
    switch (R) {
    case MethodRole::Close:
      return Close;
    case MethodRole::Use:
      return Use;
    case MethodRole::Reopen:
      return Reopen;
    case MethodRole::QueryClosed:
      return QueryClosed;
    case MethodRole::QueryOpen:
      return QueryOpen;
    }
    return Use;
  }

  /// A name the record's other fields call on the object, against the
  /// protocol of sourceCode: it confirms a role, or adds a query, a close
  /// named after the flag, or the call a try block guards.
  void confirm(const std::string &Name, const std::string &Field) {
    const std::string &Flag = Proto->Thrower.Name;
    if (isListed(Name)) {
      Review.push_back("'" + Name + "': confirmed by " + Field);
      return;
    }
    bool ClosedWhenSet =
        (Proto->Thrower.Value == "true") == Proto->Thrower.FailsWhenEqual;
    if ((Name.rfind("is", 0) == 0 || Name.rfind("has", 0) == 0) &&
        sameFlag(Name, Flag)) {
      add(ClosedWhenSet ? QueryClosed : QueryOpen, Name,
          Field + " (it names the flag '" + Flag + "')");
      return;
    }
    if (ClosedWhenSet && namesFlag(Name, Flag)) {
      add(Close, Name, Field + " (named after the flag '" + Flag + "')");
      return;
    }
    if (Field == "tryCatchPattern") {
      add(Use, Name, "tryCatchPattern (the call its try block guards)");
      return;
    }
    Review.push_back("'" + Name + "' is called in " + Field +
                     "; sourceCode does not say it fails once closed: not "
                     "listed");
  }

  void classify(const std::string &Name, const std::string &Field) {
    if (int Q = queryKind(Name)) {
      add(Q == 1 ? QueryClosed : QueryOpen, Name, Field);
      return;
    }
    if (isCloseName(Name)) {
      add(Close, Name, Field + " (a closing verb, guessed from the name)");
      return;
    }
    add(Use, Name, Field);
  }

  bool isListed(const std::string &Name) const {
    for (const auto *L : {&Close, &Use, &Reopen, &QueryClosed, &QueryOpen})
      if (llvm::is_contained(*L, Name))
        return true;
    return false;
  }

  void add(std::vector<std::string> &To, const std::string &Name,
           const std::string &From) {
    if (isListed(Name))
      return;
    To.push_back(Name);
    const char *Role = &To == &Close         ? "close"
                       : &To == &Use         ? "use"
                       : &To == &Reopen      ? "reopen"
                       : &To == &QueryClosed ? "query (true when closed)"
                                             : "query (true when open)";
    Review.push_back(std::string(Role) + " '" + Name + "': from " + From);
  }

  std::vector<std::string> chooseTypes(const std::string &Receiver) {
    std::vector<std::string> Types;
    if (!Receiver.empty())
      Types.push_back("*" + capitalized(Receiver));
    std::string Class = classOfPath(Rec.FilePath);
    bool ThrowerIsUse =
        Proto && llvm::is_contained(Use, Proto->Thrower.Method);
    if (!Class.empty() && ThrowerIsUse)
      Types.push_back(Class);
    if (Types.empty())
      Types.push_back(Class.empty() ? "*" : Class);
    Review.push_back("undecided: the C++ class names; \"types\" holds " +
                     llvm::join(Types, ", ") +
                     ", read from the record's variable and file names");
    if (!Rec.MessagePattern.empty() || !Rec.ErrorMessage.empty())
      Review.push_back("without this rule, errlint already infers the "
                       "protocol of a C++ class that throws the record's "
                       "message (see --list-protocols)");
    return Types;
  }

  std::string consequence() const {
    std::string S = Rec.ErrorClass.empty() ? std::string("The call fails")
                                           : Rec.ErrorClass + " is thrown";
    if (!Rec.ErrorMessage.empty())
      S += ": \"" + Rec.ErrorMessage + "\"";
    return S + " (record " + Rec.Id + ").";
  }

  std::string note(const std::string &Why, const std::string &Value) {
    Review.push_back(Why);
    return Value;
  }

  const Record &Rec;
  const JavaProtocol *Proto;
  std::vector<std::string> Close, Use, Reopen, QueryClosed, QueryOpen, Review;
};

/// An ast-matcher draft for the call shape S.Thrower forbids.
json callShapeDraft(const Record &Rec, const Sorting &S, DraftApi &Api) {
  const JavaGuard &G = *S.Thrower;
  std::string Class = classOfPath(Rec.FilePath);
  std::vector<std::string> Review = {
      "analysis 'ast-matcher': " + S.Why,
      "undecided: the C++ class name; the matcher names '" +
          (Class.empty() ? std::string("any class") : Class) +
          "', read from the record's file name"};
  Api.Class = Class.empty() ? "Api" : Class;
  Api.Types = {Api.Class};
  Api.Use = {G.Method};
  return json{{"id", ruleIdFor(Rec)},
              {"summary", summaryOf(Rec)},
              {"description", Rec.Documentation},
              {"severity", "warning"},
              {"analysis", "ast-matcher"},
              {"records", {Rec.Id}},
              {"matcher", callShapeMatcher(G, Class)},
              {"bind", "call"},
              {"message", callShapeMessage(G, Rec)},
              {"review", Review}};
}

/// Whether the record's words describe a lifecycle, for a record whose
/// code states none.
bool wordsSayLifecycle(const Record &Rec) {
  return Rec.BackgroundTag == "invalid-state-transition" ||
         mentions(Rec, {"lifecycle", "closed", "shutdown", "use-after-close",
                        "double-close", "double close"});
}

} // namespace

std::string Derived::analysis() const {
  return hasDraft() ? Rule.value("analysis", "") : "";
}

Derived deriveRecord(const Record &Rec) {
  Derived D;
  D.Rec = &Rec;
  JavaFacts Facts = readJava(Rec.SourceCode);
  if (std::optional<Sorting> S = sortByCode(Rec, Facts)) {
    D.Sort = std::move(*S);
    if (D.Sort.Kind == RecordKind::Lifecycle)
      D.Rule = LifecycleDrafter(Rec, &*D.Sort.Protocol).draft(D.Api);
    else if (D.Sort.Kind == RecordKind::CallShape)
      D.Rule = callShapeDraft(Rec, D.Sort, D.Api);
    return D;
  }
  if (wordsSayLifecycle(Rec)) {
    D.Rule = LifecycleDrafter(Rec, nullptr).draft(D.Api);
    if (D.hasDraft()) {
      D.Sort.Kind = RecordKind::Lifecycle;
      D.Sort.Why = "a lifecycle, read from the record's words and the names "
                   "its code calls (sourceCode states no guard that throws "
                   "its message)";
      return D;
    }
  }
  D.Sort = sortByWords(Rec);
  return D;
}

void uniquifyId(Derived &D, std::set<std::string> &Ids) {
  if (!D.hasDraft())
    return;
  std::string Id = D.Rule["id"].get<std::string>();
  if (!Ids.insert(Id).second) {
    Id += '-';
    for (char C : D.Rec->Id)
      if (llvm::isAlnum(C))
        Id += llvm::toLower(C);
    D.Rule["id"] = Id;
    Ids.insert(Id);
  }
}

} // namespace errlint
