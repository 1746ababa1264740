//===- Executors.cpp - Thread pools known by what they do ----------------===//
//
// A class is an executor when it owns threads and keeps the callables it is
// given in its members: its threads run them later, so a callable handed to
// it may still be running when the caller goes on. Names play no part: the
// catalogue's thread-pools profile knows pools by name, this knows them by
// their code (a user's `Scheduler`, `Workers` or `Crew`).
//
//===----------------------------------------------------------------------===//

#include "Protocols.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace errlint {
namespace {

std::string where(const Location &S) {
  return S.File + ":" + std::to_string(S.Line);
}

/// The public methods that wait, directly or through a method of the same
/// object they call on every path (`stop() { shutdown(); }`).
std::vector<std::string> waitsOf(const ClassFacts &C,
                                 std::map<std::string, std::string> &Why) {
  std::set<std::string> Waits;
  for (const MethodFacts &M : C.Methods)
    if (!M.WaitsOn.empty()) {
      Waits.insert(M.Name);
      Why.emplace(M.Name, where(M.WaitSite) + ": waits for '" + M.WaitsOn +
                              "'");
    }
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const MethodFacts &M : C.Methods) {
      if (Waits.count(M.Name))
        continue;
      auto It = llvm::find_if(M.Calls, [&](const std::string &Callee) {
        return Waits.count(Callee) != 0;
      });
      if (It == M.Calls.end())
        continue;
      Waits.insert(M.Name);
      Why.emplace(M.Name, where(M.Site) + ": calls '" + *It + "()'");
      Grew = true;
    }
  }
  std::vector<std::string> Out;
  for (const MethodFacts &M : C.Methods)
    if (M.Public && Waits.count(M.Name) && !llvm::is_contained(Out, M.Name))
      Out.push_back(M.Name);
  return Out;
}

std::optional<InferredExecutor> executorOf(const ClassFacts &C) {
  if (C.Threads.empty() || C.Runs.empty())
    return std::nullopt;
  InferredExecutor E;
  E.Class = C.Name;
  E.Threads = C.Threads;
  for (const MethodFacts &M : C.Methods) {
    if (!M.Public || !llvm::is_contained(C.Runs, M.StoresCallableIn) ||
        llvm::is_contained(E.Submit, M.Name))
      continue;
    if (E.Submit.empty())
      E.StoreSite = M.StoreSite;
    E.Submit.push_back(M.Name);
    E.Evidence.emplace(M.Name, where(M.StoreSite) +
                                   ": keeps the callable it is given in '" +
                                   M.StoresCallableIn + "'");
  }
  if (E.Submit.empty())
    return std::nullopt;
  E.Wait = waitsOf(C, E.Evidence);
  return E;
}

std::string quotedNames(const std::vector<std::string> &Names) {
  std::string Out;
  for (size_t I = 0; I < Names.size(); ++I)
    Out += (I ? ", '" : "'") + Names[I] + "'";
  return Out;
}

/// "file:line: keeps parameter 2 in 'handlers_' under parameter 1".
std::string describeRole(const InferredRegistry::Role &R,
                                const char *What) {
  std::string Out = R.Site.File + ":" + std::to_string(R.Site.Line) + ": " +
                    What + " '" + R.Member + "'";
  if (R.Key >= 0)
    Out += " by parameter " + std::to_string(R.Key + 1);
  return Out;
}

} // namespace

std::vector<InferredExecutor>
deriveExecutors(const std::vector<ClassFacts> &Facts, const Catalog &Cat) {
  std::vector<InferredExecutor> Out;
  auto Rule = llvm::find_if(Cat.rules(), [](const errlint::Rule &R) {
    return analysisInfo(R.Analysis).NeedsSubmit;
  });
  if (Rule == Cat.rules().end())
    return Out;
  for (const ClassFacts &C : Facts)
    if (C.Name != FunctionSummaries)
      if (std::optional<InferredExecutor> E = executorOf(C)) {
        E->RuleId = Rule->Id;
        Out.push_back(std::move(*E));
      }
  return Out;
}

std::vector<InferredRegistry>
deriveRegistries(const std::vector<ClassFacts> &Facts) {
  std::vector<InferredRegistry> Out;
  for (const ClassFacts &C : Facts) {
    if (C.Name == FunctionSummaries || !C.Threads.empty())
      continue;
    InferredRegistry R;
    R.Class = C.Name;
    std::set<std::string> Kept;
    for (const MethodFacts &M : C.Methods)
      if (M.Public && !M.StoresCallableIn.empty() && M.StoreParam >= 0) {
        R.Store.push_back({M.Name, M.StoresCallableIn, M.StoreParam,
                           M.StoreKey, M.StoreSite});
        Kept.insert(M.StoresCallableIn);
      }
    for (const MethodFacts &M : C.Methods) {
      if (!M.Public || !M.StoresCallableIn.empty())
        continue;
      if (Kept.count(M.RunsFrom))
        R.Run.push_back({M.Name, M.RunsFrom, -1, M.RunKey, M.RunSite,
                         M.RunSelected, M.RunReversed, M.RunKeyField});
      if (Kept.count(M.DropsFrom))
        R.Drop.push_back({M.Name, M.DropsFrom, -1, M.DropKey, M.DropSite});
    }
    if (!R.Store.empty() && !R.Run.empty())
      Out.push_back(std::move(R));
  }
  return Out;
}

/// The executor profile of a class that runs what it is given on its own
/// threads.
Profile executorProfile(const InferredExecutor &E) {
  Profile Pr;
  Pr.Name = "inferred:" + E.Class + ":executor";
  Pr.Types = {E.Class};
  Pr.Submit = E.Submit;
  Pr.Wait = E.Wait;
  const std::string &Submit = E.Submit.front();
  Pr.Consequence = "A callable handed to '" + E.Class + "::" + Submit +
                   "()' runs later on the object's own threads: it may "
                   "still be calling the object after close(), and that "
                   "call fails.";
  Note Proto;
  Proto.Kind = NoteKind::Protocol;
  Proto.Message = "errlint inferred that '" + E.Class +
                  "' runs the callables it is given on threads it owns (" +
                  quotedNames(E.Threads) + "): " + joinNames(E.Submit) +
                  " keep" + (E.Submit.size() == 1 ? "s" : "") +
                  " the callable";
  if (!E.Wait.empty())
    Proto.Message += ", " + joinNames(E.Wait) + " wait" +
                     (E.Wait.size() == 1 ? "s" : "") + " for them";
  Proto.Loc = E.StoreSite;
  Pr.Evidence.push_back(Proto);
  return Pr;
}

std::string describeWork(const std::vector<InferredExecutor> &Executors,
                         const std::vector<InferredRegistry> &Registries) {
  std::string Out;
  for (const InferredExecutor &E : Executors) {
    Out += E.Class + ": runs what it is given on its threads " +
           quotedNames(E.Threads) + " (rule " + E.RuleId + ")\n";
    auto Role = [&](const char *Label, const std::vector<std::string> &Names) {
      for (const std::string &N : Names)
        Out += std::string("  ") + Label + " " + N + "()  " + E.Evidence.at(N) +
               "\n";
    };
    Role("submit ", E.Submit);
    Role("wait   ", E.Wait);
  }
  for (const InferredRegistry &R : Registries) {
    Out += R.Class + ": keeps callables and calls them on the caller's thread\n";
    for (const InferredRegistry::Role &Ro : R.Store)
      Out += "  store   " + Ro.Method + "()  " +
             describeRole(Ro, "keeps its callable in") + "\n";
    for (const InferredRegistry::Role &Ro : R.Run)
      Out += "  run     " + Ro.Method + "()  " +
             describeRole(Ro, "calls the callables of") +
             (Ro.Selected ? " that match its argument" : "") + "\n";
    for (const InferredRegistry::Role &Ro : R.Drop)
      Out += "  drop    " + Ro.Method + "()  " +
             describeRole(Ro, "removes callables from") + "\n";
  }
  return Out;
}

} // namespace errlint
