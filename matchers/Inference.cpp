//===- Inference.cpp - Protocol inference across translation units -------===//

#include "Inference.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

using nlohmann::json;

namespace errlint {
namespace {

/// Merges the facts of several translation units: a class seen in several
/// keeps every method with a body once.
std::vector<ClassFacts> mergeFacts(std::vector<ClassFacts> Facts) {
  std::map<std::string, ClassFacts> ByName;
  for (ClassFacts &C : Facts) {
    auto [It, New] = ByName.try_emplace(C.Name, C);
    if (New)
      continue;
    if (It->second.Threads.empty())
      It->second.Threads = C.Threads;
    for (std::string &R : C.Runs)
      if (!llvm::is_contained(It->second.Runs, R))
        It->second.Runs.push_back(std::move(R));
    // A header's inline methods are seen by every translation unit that
    // includes it: keep each method once.
    for (MethodFacts &M : C.Methods) {
      bool Seen = llvm::any_of(It->second.Methods, [&](const MethodFacts &O) {
        return O.Name == M.Name && O.Site.File == M.Site.File &&
               O.Site.Line == M.Site.Line;
      });
      if (!Seen)
        It->second.Methods.push_back(std::move(M));
    }
  }
  std::vector<ClassFacts> Out;
  for (auto &[Name, C] : ByName)
    Out.push_back(std::move(C));
  return Out;
}

/// An effect in the digest: file names, not paths (see digest()).
std::string effectText(const EffectFacts &E) {
  std::string Text = std::to_string(E.K) + E.Profile + (E.OnThis ? "t" : "p") +
                     std::to_string(E.Param) + "." + llvm::join(E.Fields, ".") +
                     (E.Must ? "!" : "?") +
                     (E.OnlyIfReturns ? std::to_string(*E.OnlyIfReturns) : "") +
                     (E.OnlyIfTrue ? "T" : "") + (E.ResultNegative ? "N" : "") + (E.Prior ? "R" : "") +
                     (E.MembersOnly ? "m" : "") +
                     (E.MustIfPre ? "M" : "") +
                     (E.OnlyIfParam ? "P" + std::to_string(*E.OnlyIfParam)
                                    : std::string()) +
                     (E.OnlyIfField.empty() ? std::string()
                                            : "F" + E.OnlyIfField) +
                     "=" + std::to_string(E.ValueKind) + ":" +
                     std::to_string(E.Value) + "@" +
                     llvm::sys::path::filename(E.Site.File).str() + ":" +
                     std::to_string(E.Site.Line) + ":" + E.Site.LineText + "[";
  for (const EffectFacts &P : E.Pre)
    Text += effectText(P);
  Text += "](";
  for (const EffectFacts &X : E.Exec)
    Text += effectText(X);
  Text += ")while(";
  for (const EffectFacts &W : E.While)
    Text += effectText(W);
  return Text + ");";
}

/// A protocol in the digest.
std::string protocolText(const InferredProtocol &P) {
  return llvm::join(P.Close, ",") + ";" + llvm::join(P.Use, ",") + ";" +
         llvm::join(P.ErrorResult, ",") + ";" +
         llvm::join(P.Reopen, ",") + ";" + llvm::join(P.ReopenIfTrue, ",") +
         ";" + llvm::join(P.CloseIfTrue, ",") + ";" +
         llvm::join(P.CloseIfFalse, ",") + ";" +
         [&] {
           std::string Fields;
           for (const auto &[Method, Field] : P.CloseIfField)
             Fields += Method + "=" + Field + ",";
           for (const auto &[Method, Vs] : P.CloseIfVerdict)
             for (const VerdictOutcome &V : Vs)
               Fields += Method + "=" + V.Query + (V.Value ? "()," : "()!,") +
                         V.Factory;
           for (const auto &[Method, Vs] : P.ReopenIfVerdict)
             for (const VerdictOutcome &V : Vs)
               Fields += "+" + Method + "=" + V.Query +
                         (V.Value ? "()," : "()!,") + V.Factory;
           return Fields;
         }() +
         ";" + llvm::join(P.QueryClosed, ",") +
         ";" + llvm::join(P.QueryOpen, ",") + ";" +
         llvm::join(P.CloseTwiceFails, ",") + ";" +
         llvm::join(P.RecordIds, ",") + ";" + P.RuleId + ";" +
         // The file's name and line text, not its path: the digest is the
         // same in another checkout (cached entries keep it).
         llvm::sys::path::filename(P.Failure.Site.File).str() + ":" +
         std::to_string(P.Failure.Site.Line) + ":" + P.Failure.Site.LineText;
}

/// An executor in the digest.
std::string executorText(const InferredExecutor &E) {
  return "exec:" + llvm::join(E.Submit, ",") + ";" + llvm::join(E.Wait, ",") +
         ";" + E.RuleId + ";" +
         llvm::sys::path::filename(E.StoreSite.File).str() + ":" +
         std::to_string(E.StoreSite.Line) + ":" + E.StoreSite.LineText;
}

/// A callback registry in the digest.
std::string registryText(const InferredRegistry &R) {
  std::string Text = "registry:";
  auto Roles = [&](const std::vector<InferredRegistry::Role> &Rs) {
    for (const InferredRegistry::Role &Ro : Rs)
      Text += Ro.Method + "/" + Ro.Member + "/" + std::to_string(Ro.Callable) +
              "/" + std::to_string(Ro.Key) + "@" +
              llvm::sys::path::filename(Ro.Site.File).str() + ":" +
              std::to_string(Ro.Site.Line) + ",";
    Text += ";";
  };
  Roles(R.Store);
  Roles(R.Run);
  Roles(R.Drop);
  return Text;
}

} // namespace

//===----------------------------------------------------------------------===//
// A unit's part
//===----------------------------------------------------------------------===//

void writeInference(json &J, const UnitInference &U) {
  J["facts"] = factsToJson(U.Facts);
  J["pending"] = U.Pending;
  J["pendingDigest"] = U.PendingDigest;
  J["pendingHeaders"] = U.PendingHeaders;
}

UnitInference readInference(const json &J) {
  UnitInference U;
  U.Facts = factsFromJson(J.at("facts"));
  U.Pending = J.at("pending").get<std::vector<std::string>>();
  U.PendingDigest = J.at("pendingDigest").get<std::string>();
  U.PendingHeaders = J.at("pendingHeaders").get<std::vector<std::string>>();
  return U;
}

void mapPaths(UnitInference &U,
              const std::function<std::string(const std::string &)> &Map) {
  auto Spot = [&](Location &S) { S.File = Map(S.File); };
  for (std::string &H : U.PendingHeaders)
    H = Map(H);
  for (ClassFacts &C : U.Facts) {
    Spot(C.Site);
    for (MethodFacts &M : C.Methods) {
      Spot(M.Site);
      for (Guard &G : M.Guards)
        Spot(G.Site);
      for (StateSet &S : M.Sets)
        Spot(S.Site);
      for (EffectFacts &E : M.Effects) {
        Spot(E.Site);
        if (E.OuterSite.Line)
          Spot(E.OuterSite);
      }
      Spot(M.StoreSite);
      Spot(M.RunSite);
      Spot(M.DropSite);
      Spot(M.WaitSite);
    }
  }
}

//===----------------------------------------------------------------------===//
// The run's part
//===----------------------------------------------------------------------===//

void ProtocolInference::addFacts(const std::vector<ClassFacts> &More) {
  if (More.empty())
    return;
  Facts.insert(Facts.end(), More.begin(), More.end());
  Facts = mergeFacts(std::move(Facts));
  Decided.reset();
  DecidedExecutors.reset();
  DecidedRegistries.reset();
  Defined.reset();
}

void ProtocolInference::updateUnit(const UnitInference &Before,
                                   const UnitInference &Now) {
  std::set<std::string> Replaced;
  for (const UnitInference *U : {&Before, &Now})
    for (const ClassFacts &C : U->Facts)
      if (C.Name == FunctionSummaries)
        for (const MethodFacts &M : C.Methods)
          Replaced.insert(M.Name);
  for (ClassFacts &C : Facts)
    if (C.Name == FunctionSummaries)
      llvm::erase_if(C.Methods, [&](const MethodFacts &M) {
        return Replaced.count(M.Name) != 0;
      });
  Facts.erase(llvm::remove_if(Facts, [](const ClassFacts &C) {
                return C.Name == FunctionSummaries && C.Methods.empty();
              }),
              Facts.end());
  // addFacts() resets what was decided from the facts.
  Decided.reset();
  DecidedExecutors.reset();
  DecidedRegistries.reset();
  Defined.reset();
  addFacts(Now.Facts);
}

const std::vector<InferredProtocol> &ProtocolInference::protocols() const {
  if (!Decided)
    Decided = Facts.empty() ? std::vector<InferredProtocol>()
                            : deriveProtocols(Facts, *Cat);
  return *Decided;
}

const std::vector<InferredExecutor> &ProtocolInference::executors() const {
  if (!DecidedExecutors)
    DecidedExecutors = deriveExecutors(Facts, *Cat);
  return *DecidedExecutors;
}

const std::vector<InferredRegistry> &ProtocolInference::registries() const {
  if (!DecidedRegistries)
    DecidedRegistries = deriveRegistries(Facts);
  return *DecidedRegistries;
}

std::vector<Rule> ProtocolInference::rules() const {
  return protocolRules(protocols(), executors(), *Cat);
}

std::map<std::string, const MethodFacts *>
ProtocolInference::functionSummaries() const {
  std::map<std::string, const MethodFacts *> Out;
  for (const ClassFacts &C : Facts)
    if (C.Name == FunctionSummaries)
      for (const MethodFacts &M : C.Methods)
        Out.emplace(M.Name, &M);
  return Out;
}

bool ProtocolInference::defines(const std::string &Method) const {
  if (!Defined) {
    Defined.emplace();
    for (const ClassFacts &C : Facts)
      for (const MethodFacts &M : C.Methods)
        Defined->insert(C.Name + "::" + M.Name);
  }
  return Defined->count(Method) != 0;
}

std::string ProtocolInference::digest(
    const std::vector<std::string> &Pending) const {
  const std::string FunctionPrefix = std::string(FunctionSummaries) + "::";
  std::optional<std::map<std::string, const MethodFacts *>> Summaries;
  std::string Text;
  for (const std::string &C : Pending) {
    Text += C + "{";
    llvm::StringRef Usr(C);
    if (Usr.consume_front(FunctionPrefix)) {
      // A unit may call hundreds of functions without their bodies, and a
      // database define thousands: index them once.
      if (!Summaries)
        Summaries = functionSummaries();
      auto It = Summaries->find(Usr.str());
      if (It != Summaries->end())
        for (const EffectFacts &E : It->second->Effects)
          Text += effectText(E);
      Text += "}";
      continue;
    }
    for (const InferredProtocol &P : protocols())
      if (P.Class == C)
        Text += protocolText(P);
    for (const InferredExecutor &E : executors())
      if (E.Class == C)
        Text += executorText(E);
    for (const InferredRegistry &R : registries())
      if (R.Class == C)
        Text += registryText(R);
    Text += "}";
  }
  return llvm::utohexstr(llvm::xxh3_64bits(Text));
}

} // namespace errlint
