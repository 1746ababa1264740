//===- Derive.cpp - Draft rules from error records ------------------------===//

#include "Derive.h"
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
  bool Qualified = false; ///< Called on something: a.b( or f().b(.
};

bool isIdentChar(char C) { return llvm::isAlnum(C) || C == '_'; }

const std::set<std::string> &keywords() {
  static const std::set<std::string> K = {
      "if",     "for",   "while", "switch",       "catch", "return",
      "sizeof", "new",   "throw", "synchronized", "super", "this",
      "try",    "else",  "do",    "delete",       "typeof", "instanceof"};
  return K;
}

/// Offset just past a string literal or comment starting at I, or I.
size_t skipLiteral(llvm::StringRef Code, size_t I) {
  if (Code.substr(I).starts_with("//")) {
    size_t End = Code.find('\n', I);
    return End == llvm::StringRef::npos ? Code.size() : End;
  }
  if (Code.substr(I).starts_with("/*")) {
    size_t End = Code.find("*/", I + 2);
    return End == llvm::StringRef::npos ? Code.size() : End + 2;
  }
  char Q = Code[I];
  if (Q != '"' && Q != '\'')
    return I;
  for (size_t J = I + 1; J < Code.size(); ++J) {
    if (Code[J] == '\\')
      ++J;
    else if (Code[J] == Q)
      return J + 1;
  }
  return Code.size();
}

std::vector<WrittenCall> callsIn(llvm::StringRef Code) {
  std::vector<WrittenCall> Out;
  for (size_t I = 0; I < Code.size();) {
    size_t After = skipLiteral(Code, I);
    if (After != I) {
      I = After;
      continue;
    }
    if (!isIdentChar(Code[I]) || (I > 0 && isIdentChar(Code[I - 1]))) {
      ++I;
      continue;
    }
    size_t End = I;
    while (End < Code.size() && isIdentChar(Code[End]))
      ++End;
    std::string Name = Code.slice(I, End).str();
    size_t Next = Code.find_first_not_of(" \t\n", End);
    if (Next == llvm::StringRef::npos || Code[Next] != '(' ||
        llvm::isDigit(Name[0]) || keywords().count(Name)) {
      I = End;
      continue;
    }
    WrittenCall C;
    C.Name = Name;
    // find_last_not_of searches before its position.
    size_t Before = I == 0 ? llvm::StringRef::npos
                           : Code.find_last_not_of(" \t\n", I);
    if (Before != llvm::StringRef::npos &&
        (Code[Before] == '.' ||
         (Code[Before] == '>' && Before > 0 && Code[Before - 1] == '-'))) {
      C.Qualified = true;
      size_t R = Code.find_last_not_of(
          " \t\n", Code[Before] == '.' ? Before : Before - 1);
      size_t RB = R;
      while (RB != llvm::StringRef::npos && RB > 0 && isIdentChar(Code[RB - 1]))
        --RB;
      if (R != llvm::StringRef::npos && isIdentChar(Code[R]))
        C.Receiver = Code.slice(RB, R + 1).str();
    }
    Out.push_back(std::move(C));
    I = End;
  }
  return Out;
}

/// The bodies of the try blocks in Code.
std::string tryBlocks(llvm::StringRef Code) {
  std::string Out;
  for (size_t I = Code.find("try"); I != llvm::StringRef::npos;
       I = Code.find("try", I + 3)) {
    size_t Open = Code.find_first_not_of(" \t\n", I + 3);
    if (Open == llvm::StringRef::npos || Code[Open] != '{')
      continue;
    int Depth = 0;
    for (size_t J = Open; J < Code.size(); ++J) {
      if (Code[J] == '{')
        ++Depth;
      else if (Code[J] == '}' && --Depth == 0) {
        Out += Code.slice(Open + 1, J).str() + "\n";
        break;
      }
    }
  }
  return Out;
}

bool startsWithAny(llvm::StringRef S, std::initializer_list<const char *> Ps) {
  for (const char *P : Ps)
    if (S.starts_with_insensitive(P))
      return true;
  return false;
}

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
                        "finished", "disconnected"})
    if (L.find(W) != std::string::npos)
      return 1;
  for (const char *W : {"open", "active", "running", "connected", "alive",
                        "ready"})
    if (L.find(W) != std::string::npos)
      return 2;
  return 0;
}

/// The method the quoted source throws the record's message from: the
/// nearest method header before the throw.
std::string throwingMethod(const Record &Rec) {
  llvm::StringRef Code(Rec.SourceCode);
  std::string Needle = Rec.ErrorMessage.substr(0, Rec.ErrorMessage.find('%'));
  Needle = llvm::StringRef(Needle).trim().str();
  if (Needle.size() < 8)
    return "";
  size_t At = Code.find(Needle.substr(0, 24));
  if (At == llvm::StringRef::npos)
    return "";
  std::string Best;
  llvm::StringRef Before = Code.substr(0, At);
  for (const WrittenCall &C : callsIn(Before)) {
    if (C.Qualified)
      continue;
    // A header is followed by ")...{" with no ';' in between.
    size_t Pos = Before.rfind(C.Name + "(");
    if (Pos == llvm::StringRef::npos)
      continue;
    size_t Brace = Before.find('{', Pos);
    size_t Semi = Before.find(';', Pos);
    if (Brace != llvm::StringRef::npos &&
        (Semi == llvm::StringRef::npos || Brace < Semi))
      Best = C.Name;
  }
  return Best;
}

std::string capitalized(std::string S) {
  if (!S.empty())
    S[0] = llvm::toUpper(S[0]);
  return S;
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

/// Collects a draft's decisions and what it leaves to the reviewer.
class Drafter {
public:
  explicit Drafter(const Record &Rec) : Rec(Rec) {}

  json draft() {
    std::string Analysis = chooseAnalysis();
    std::string Receiver = chooseReceiver();
    chooseMethods(Receiver);
    std::vector<std::string> Types = chooseTypes(Receiver);
    json Profile{{"name", "draft"},       {"types", Types},
                 {"close", Close},        {"use", Use},
                 {"queryClosed", QueryClosed}, {"queryOpen", QueryOpen},
                 {"records", {Rec.Id}},
                 {"consequence", consequence()}};
    if (Analysis == "double-close")
      Profile.erase("use");
    return json{{"id", ruleIdFor(Rec)},
                {"summary", "Draft from record " + Rec.Id + ": " +
                                (Rec.ErrorMessage.empty() ? Rec.Slug
                                                          : Rec.ErrorMessage)},
                {"description", Rec.Documentation},
                {"severity", "warning"},
                {"analysis", Analysis},
                {"records", {Rec.Id}},
                {"profiles", {Profile}},
                {"review", Review}};
  }

private:
  std::string chooseAnalysis() {
    if (mentions(Rec, {"double-close", "double close", "closed twice",
                       "already closed"})) {
      Review.push_back("analysis 'double-close': the record's tags or message "
                       "say the object is closed twice");
      return "double-close";
    }
    if (Rec.BackgroundTag == "invalid-state-transition" ||
        mentions(Rec, {"lifecycle", "closed", "shutdown", "use-after-close"})) {
      Review.push_back("analysis 'use-after-close': from the record's "
                       "background tag, tags or message (a call on an object "
                       "after its close)");
    } else {
      Review.push_back("undecided: nothing in the record says which analysis "
                       "applies; 'use-after-close' is a placeholder");
    }
    if (mentions(Rec, {"race", "concurren", "thread"}))
      Review.push_back("the record describes a close racing other threads: "
                       "errlint-close-while-in-use reports those for every "
                       "use-after-close profile, this one included");
    return "use-after-close";
  }

  /// The object the record's code acts on: the receiver of the first query
  /// in validationCode, else of the first call in a try block, else the
  /// most frequent receiver in exampleFix.
  std::string chooseReceiver() {
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

  void chooseMethods(const std::string &Receiver) {
    std::vector<std::pair<std::string, std::string>> Sources = {
        {"validationCode", Rec.ValidationCode},
        {"tryCatchPattern", tryBlocks(Rec.TryCatchPattern)},
        {"exampleFix", Rec.ExampleFix}};
    for (const auto &[Field, Code] : Sources)
      for (const WrittenCall &C : callsIn(Code))
        if (!Receiver.empty() && C.Receiver == Receiver)
          classify(C.Name, Field);
    // The class that throws calls its own close.
    for (const WrittenCall &C : callsIn(Rec.SourceCode))
      if (!C.Qualified && isCloseName(C.Name))
        add(Close, C.Name, "sourceCode (the class that throws calls it)");
    std::string Thrower = throwingMethod(Rec);
    if (!Thrower.empty() && !llvm::is_contained(Use, Thrower)) {
      if (Use.empty())
        add(Use, Thrower, "sourceCode (it throws the record's message)");
      else
        Review.push_back("'" + Thrower + "' throws the record's message in "
                         "sourceCode but is not called on '" + Receiver +
                         "' in the record's code: not listed as a use");
    }
    if (Close.empty())
      Review.push_back("undecided: no close method found; add the methods "
                       "that close the object to \"close\"");
    if (Use.empty())
      Review.push_back("undecided: no use found; add the calls that fail once "
                       "the object is closed to \"use\"");
  }

  void classify(const std::string &Name, const std::string &Field) {
    if (int Q = queryKind(Name)) {
      add(Q == 1 ? QueryClosed : QueryOpen, Name, Field);
      return;
    }
    if (isCloseName(Name)) {
      add(Close, Name, Field);
      return;
    }
    add(Use, Name, Field);
  }

  void add(std::vector<std::string> &To, const std::string &Name,
           const std::string &From) {
    if (llvm::is_contained(Close, Name) || llvm::is_contained(Use, Name) ||
        llvm::is_contained(QueryClosed, Name) || llvm::is_contained(QueryOpen, Name))
      return;
    To.push_back(Name);
    const char *Role = &To == &Close         ? "close"
                       : &To == &Use         ? "use"
                       : &To == &QueryClosed ? "query (true when closed)"
                                             : "query (true when open)";
    Review.push_back(std::string(Role) + " '" + Name + "': from " + From);
  }

  std::vector<std::string> chooseTypes(const std::string &Receiver) {
    std::vector<std::string> Types;
    if (!Receiver.empty())
      Types.push_back("*" + capitalized(Receiver));
    std::string Thrower = throwingMethod(Rec);
    std::string Class = classOfPath(Rec.FilePath);
    if (!Class.empty() && llvm::is_contained(Use, Thrower))
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
  std::vector<std::string> Close, Use, QueryClosed, QueryOpen, Review;
};

} // namespace

json draftRule(const Record &Rec) { return Drafter(Rec).draft(); }

json draftRules(const std::vector<const Record *> &Records) {
  json Rules = json::array();
  std::set<std::string> Ids;
  for (const Record *R : Records) {
    json Rule = draftRule(*R);
    // Two records with the same slug get distinct ids.
    std::string Id = Rule["id"].get<std::string>();
    if (!Ids.insert(Id).second) {
      Id += "-" + llvm::StringRef(R->Id).lower();
      Rule["id"] = Id;
      Ids.insert(Id);
    }
    Rules.push_back(std::move(Rule));
  }
  return json{{"rules", Rules}};
}

} // namespace errlint
