//===- Reporting.cpp - What the typestate reports -------------------------===//
//
// Names of objects and callees, and the findings of the analyses.
//
//===----------------------------------------------------------------------===//
#include "typestate/FunctionAnalysis.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace errlint {
namespace typestate {

/// The notes a profile gives every finding (an inferred protocol's throw
/// site and explanation), after the finding's own.
void addEvidenceNotes(Finding &F, const Profile &P) {
  for (const ProfileNote &PN : P.Evidence) {
    Note N;
    N.Kind = PN.Kind;
    N.Message = PN.Message;
    N.Loc.File = PN.File;
    N.Loc.Line = PN.Line;
    N.Loc.Column = PN.Column;
    N.Loc.LineText = PN.LineText;
    F.Notes.push_back(std::move(N));
  }
}

/// A note's place in a file this unit may not have read (where another
/// unit's function closes or uses the object).
Location locationOf(const SourceSpot &S) {
  Location L;
  L.File = S.File;
  L.Line = S.Line;
  L.Column = S.Column;
  L.LineText = S.LineText;
  return L;
}


/// Describes a tracked object by its root variable and fields.
std::string FunctionAnalysis::describeKey(const Key &K) const {
  std::string Name;
  for (size_t I = 0; I < K.P.size(); ++I) {
    const void *Part = K.P[I];
    if (I == 0) {
      Name = Part == ThisRoot ? std::string()
                              : static_cast<const ValueDecl *>(Part)
                                    ->getNameAsString();
      continue;
    }
    std::string Field = partName(Part);
    Name = Name.empty() ? Field : Name + "." + Field;
  }
  return Name.empty() ? std::string("*this") : Name;
}

void FunctionAnalysis::checkRace(const Key &K, const Expr *Site,
                                 const std::string &Name, const State &S) {
  const Rule *Race = C.Index.raceRule();
  const CompiledProfile &CP = C.Index.profile(K.Profile);
  if (!Race || !Replay || !Report || S.Tasks.empty() || CP.DoubleClose ||
      CP.P->ConcurrentClose)
    return;
  for (const auto &[Start, T] : S.Tasks) {
    for (const TaskUse &U : T.Uses) {
      if (!(U.K == K))
        continue;
      auto Held = [&](const Path &M) { return S.Locks.count(M) != 0; };
      bool Serialized = U.Guarded && llvm::any_of(U.GuardLocks, Held);
      // The worker tests a flag under a lock this closer holds, and the
      // closer has set it to a value the worker's check refuses.
      Serialized |=
          llvm::any_of(U.FlagLocks, Held) &&
          llvm::any_of(U.FlagPre, [&](const std::pair<Path, Fact> &FP) {
            auto It = S.Known.find(C.intern(FP.first));
            return It != S.Known.end() && It->second.contradicts(FP.second);
          });
      if (Serialized)
        continue;
      if (!Reported.insert({Site, Race}).second)
        return;
      Finding F;
      F.RuleId = Race->Id;
      F.Severity = Race->Severity;
      std::string Who = T.Detached ? "a detached " + T.What
                                   : "a " + T.What;
      if (T.What == "async task" || T.What == "executor task")
        Who = (T.Detached ? "a detached " : "an ") + T.What;
      F.Message = "'" + Name + "' is closed while " + Who +
                  " that uses it may still be running";
      F.Loc = makeLocation(C.SM, Site->getExprLoc());
      F.Function = FD->getQualifiedNameAsString();
      F.RecordIds = Race->Records;
      F.Consequence = CP.P->Consequence;
      Note Started;
      Started.Loc = makeLocation(C.SM, T.Start->getExprLoc());
      Started.Message = "the " + T.What + " is started here" +
                        (T.Detached ? " and detached" : "") +
                        (U.Guarded ? "; its check that '" + Name +
                                         "' is open is not made under a lock "
                                         "held here"
                                   : "");
      Started.Kind = "thread-start";
      F.Notes.push_back(std::move(Started));
      Note Used;
      Used.Loc = makeLocation(C.SM, U.Site->getExprLoc());
      const auto *UseCall = dyn_cast<CallExpr>(U.Site);
      Used.Message = "it calls '" +
                     (UseCall ? calleeName(UseCall) : std::string("it")) +
                     "' on '" + Name + "' here";
      Used.Kind = "thread-use";
      F.Notes.push_back(std::move(Used));
      addEvidenceNotes(F, *CP.P);
      C.Out.push_back(std::move(F));
      return;
    }
  }
}

//===----------------------------------------------------------------------===//
// Reporting
//===----------------------------------------------------------------------===//

std::string FunctionAnalysis::exprName(const Expr *E) const {
  E = E->IgnoreParenImpCasts();
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E))
    if (OCE->getOperator() == OO_Arrow && OCE->getNumArgs() == 1)
      E = OCE->getArg(0)->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(E))
    return "*this";
  CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
  StringRef Text = Lexer::getSourceText(R, C.SM, C.Ctx.getLangOpts());
  if (Text.empty() || Text.size() > 80 || Text.contains('\n'))
    return "the object";
  return Text.str();
}

std::string FunctionAnalysis::calleeName(const CallExpr *Call) const {
  // A lambda or std::function called through a variable: its name.
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call))
    if (OCE->getOperator() == OO_Call && OCE->getNumArgs() > 0)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(stripWrappers(OCE->getArg(0))))
        return DRE->getDecl()->getNameAsString();
  if (const FunctionDecl *F = Call->getDirectCallee()) {
    if (const auto *MD = dyn_cast<CXXMethodDecl>(F))
      if (MD->getParent()->isLambda())
        return "the lambda";
    return F->getNameAsString();
  }
  return "the callee";
}

void FunctionAnalysis::addCloseNotes(Finding &F, const Closed &Cl,
                                     SourceLocation At,
                                     const std::string &Name,
                                     llvm::StringRef Verb) {
  std::vector<const Expr *> Sites(Cl.Sites.begin(), Cl.Sites.end());
  llvm::sort(Sites, [&](const Expr *A, const Expr *B) {
    return C.SM.isBeforeInTranslationUnit(A->getExprLoc(), B->getExprLoc());
  });
  for (const Expr *Site : Sites) {
    Note N;
    N.Loc = makeLocation(C.SM, Site->getExprLoc());
    // At or after the finding: it ran on an earlier iteration.
    bool Later = At == Site->getExprLoc() ||
                 C.SM.isBeforeInTranslationUnit(At, Site->getExprLoc());
    std::string Suffix =
        Later ? ", on an earlier iteration of the loop" : std::string();
    auto Inner = InnerClose.find(Site);
    if (auto D = Destructions.find(Site); D != Destructions.end()) {
      N.Loc = makeLocation(C.SM, D->second.second);
      N.Message = "'" + Name + "' " + Verb.str() + " when " + D->second.first +
                  " here" + Suffix;
      F.Notes.push_back(N);
      if (Inner != InnerClose.end()) {
        Note In;
        In.Loc = makeLocation(C.SM, Inner->second->getExprLoc());
        In.Message = "which closes it here";
        F.Notes.push_back(std::move(In));
      }
      continue;
    }
    const auto *SiteCall = dyn_cast<CallExpr>(Site);
    auto Remote = RemoteClose.find(Site);
    if (Remote != RemoteClose.end() && SiteCall) {
      N.Message = "'" + Name + "' " + Verb.str() + " by the call to '" +
                  calleeName(SiteCall) + "' here" + Suffix;
      F.Notes.push_back(N);
      Note In;
      In.Loc = locationOf(*Remote->second);
      In.Message = "'" + calleeName(SiteCall) + "' closes it here";
      F.Notes.push_back(std::move(In));
      continue;
    }
    if (Inner != InnerClose.end() && SiteCall) {
      N.Message = "'" + Name + "' " + Verb.str() + " by the call to '" +
                  calleeName(SiteCall) + "' here" + Suffix;
      F.Notes.push_back(N);
      Note In;
      In.Loc = makeLocation(C.SM, Inner->second->getExprLoc());
      In.Message = "'" + calleeName(SiteCall) + "' closes it here";
      F.Notes.push_back(std::move(In));
      continue;
    }
    N.Message = "'" + Name + "' " + Verb.str() + " here" + Suffix;
    F.Notes.push_back(std::move(N));
  }
}

void FunctionAnalysis::reportUse(const Key &K, const Closed &Cl,
                                 const CallExpr *Call, const Expr *InnerUse,
                                 const std::string &DirectName,
                                 const SourceSpot *RemoteUse) {
  const CompiledProfile &CP = C.Index.profile(K.Profile);
  if (!Reported.insert({Call, CP.R}).second)
    return;
  const std::string &Name = DirectName;
  Finding F;
  F.RuleId = CP.R->Id;
  F.Severity = CP.R->Severity;
  std::string What = InnerUse || RemoteUse
                         ? "call to '" + calleeName(Call) + "' uses '" +
                                    Name + "'"
                              : "call to '" + calleeName(Call) + "' on '" +
                                    Name + "'";
  F.Message = What + (Cl.MaybeOpen ? " that may have been closed"
                                   : " after it was closed");
  F.Loc = makeLocation(C.SM, Call->getExprLoc());
  F.Function = FD->getQualifiedNameAsString();
  F.RecordIds = CP.P->Records.empty() ? CP.R->Records : CP.P->Records;
  F.Consequence = CP.P->Consequence;
  addCloseNotes(F, Cl, Call->getExprLoc(), Name);
  if (InnerUse || RemoteUse) {
    Note N;
    N.Loc = InnerUse ? makeLocation(C.SM, InnerUse->getExprLoc())
                     : locationOf(*RemoteUse);
    N.Message = "'" + calleeName(Call) + "' uses it here";
    N.Kind = "callee-use";
    F.Notes.push_back(std::move(N));
  }
  addEvidenceNotes(F, *CP.P);
  C.Out.push_back(std::move(F));
}

void FunctionAnalysis::reportDoubleClose(const Key &K, const Closed &Cl,
                                         const Expr *Site) {
  if (!Replay || !Report)
    return;
  const CompiledProfile &CP = C.Index.profile(K.Profile);
  if (!Reported.insert({Site, CP.R}).second)
    return;
  const auto *Call = dyn_cast<CallExpr>(Site);
  if (!Call)
    return;
  std::string Name;
  for (const CallRole &CR : C.Index.classify(Call, C.Cache))
    if (CR.ProfileIdx == K.Profile)
      Name = exprName(CR.Handle);
  if (Name.empty())
    Name = K.P.front() == ThisRoot
               ? std::string("*this")
               : static_cast<const VarDecl *>(K.P.front())->getNameAsString();
  Finding F;
  F.RuleId = CP.R->Id;
  F.Severity = CP.R->Severity;
  F.Message = "'" + calleeName(Call) + "' closes '" + Name + "' " +
              (Cl.MaybeOpen ? "that may already have been closed"
                            : "a second time");
  F.Loc = makeLocation(C.SM, Call->getExprLoc());
  F.Function = FD->getQualifiedNameAsString();
  F.RecordIds = CP.P->Records.empty() ? CP.R->Records : CP.P->Records;
  F.Consequence = CP.P->Consequence;
  addCloseNotes(F, Cl, Call->getExprLoc(), Name, "was first closed");
  addEvidenceNotes(F, *CP.P);
  C.Out.push_back(std::move(F));
}

} // namespace typestate
} // namespace errlint
