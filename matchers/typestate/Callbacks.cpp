//===- Callbacks.cpp - Callables objects keep and call later -------------===//
//
// A dispatcher's on(topic, fn), a signal's connect(fn), a timer wheel's
// after(delay, fn): the object keeps the callable and calls it later, on
// this thread, from another of its methods (emit(), the signal's
// operator(), tick()). What the callable uses is used there: a handler
// sending on a channel closed since the handler was kept fails inside
// emit(). Which methods keep, run and drop callables is inferred from the
// class's code (InferredRegistry, Executors.cpp).
//
//===----------------------------------------------------------------------===//
#include "typestate/FunctionAnalysis.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace clang;

namespace errlint {

const std::vector<TypestateAnalyzer::Context::RegistryRole> &
TypestateAnalyzer::Context::registryRoles(const CXXMethodDecl *MD) {
  static const std::vector<RegistryRole> None;
  if (!Registries || Registries->empty())
    return None;
  if (RoleIndex.empty())
    for (const InferredRegistry &R : *Registries) {
      auto Add = [&](const std::vector<InferredRegistry::Role> &Roles,
                     RegistryRole::Kind K) {
        for (const InferredRegistry::Role &Ro : Roles)
          RoleIndex[R.Class + "::" + Ro.Method].push_back({K, &Ro});
      };
      Add(R.Store, RegistryRole::Store);
      Add(R.Run, RegistryRole::Run);
      Add(R.Drop, RegistryRole::Drop);
    }
  auto It = RoleIndex.find(MD->getParent()->getQualifiedNameAsString() +
                           "::" + MD->getNameAsString());
  return It == RoleIndex.end() ? None : It->second;
}

llvm::SmallVector<ExecCall, 1>
TypestateAnalyzer::Context::executorCalls(const CallExpr *Call) {
  llvm::SmallVector<ExecCall, 1> Calls = Index.classifyExecutor(Call, Cache);
  if (Calls.empty())
    return Calls;
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee()))
    if (!registryRoles(MD).empty())
      Calls.clear();
  return Calls;
}

llvm::SmallVector<CallRole, 2>
TypestateAnalyzer::Context::roles(const CallExpr *Call) {
  auto [It, New] = DynamicClass.try_emplace(Call, nullptr);
  if (New)
    It->second = typestate::dynamicClassOf(Call);
  return Index.classify(Call, Cache, It->second);
}

namespace typestate {

namespace {

/// The key an argument gives, when it is a constant or a variable: "s:" and
/// a string literal's text, "i:" and an integer, "v:" and a variable.
std::optional<std::string> keyOf(const Expr *E, ASTContext &Ctx) {
  E = stripWrappers(E);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    if (CE->getNumArgs() >= 1)
      return keyOf(CE->getArg(0), Ctx);
  if (const auto *SL = dyn_cast<StringLiteral>(E))
    return SL->getCharByteWidth() == 1 ? "s:" + SL->getString().str()
                                       : std::optional<std::string>();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      return "v:" + std::to_string(reinterpret_cast<uintptr_t>(
                        VD->getCanonicalDecl()));
  Expr::EvalResult R;
  if (!E->isValueDependent() && E->EvaluateAsInt(R, Ctx))
    return "i:" + std::to_string(R.Val.getInt().getExtValue());
  return std::nullopt;
}

/// The key a field of an argument holds, when the argument is built right
/// there from its fields (`emit(Event{Kind::Stopped, "x"})` for `kind`).
std::optional<std::string> fieldKeyOf(const Expr *E, llvm::StringRef Field,
                                      ASTContext &Ctx) {
  E = stripWrappers(E);
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
    E = stripWrappers(Cast->getSubExpr());
  const auto *ILE = dyn_cast<InitListExpr>(E);
  const CXXRecordDecl *RD =
      ILE ? ILE->getType()->getAsCXXRecordDecl() : nullptr;
  if (!RD || !RD->hasDefinition() || RD->getNumBases() != 0)
    return std::nullopt;
  unsigned I = 0;
  for (const FieldDecl *F : RD->fields()) {
    if (F->getName() == Field)
      return I < ILE->getNumInits() ? keyOf(ILE->getInit(I), Ctx)
                                    : std::nullopt;
    ++I;
  }
  return std::nullopt;
}

/// The key a run is given: its key parameter's argument, or the field of
/// it the run matches its callables' entries against.
std::string runKey(const CallExpr *Call, const InferredRegistry::Role &Role,
                   ASTContext &Ctx);

} // namespace

/// The object a method call is made on and the argument for its I-th
/// parameter (`d.emit(t)`, `signal(args)` for an operator()).
static const Expr *argFor(const CallExpr *Call, int I) {
  unsigned Shift = isa<CXXOperatorCallExpr>(Call) ? 1 : 0;
  if (I < 0 || I + Shift >= Call->getNumArgs())
    return nullptr;
  return Call->getArg(I + Shift);
}

void FunctionAnalysis::transferCallbacks(const CallExpr *Call, State &S) {
  const CXXMethodDecl *MD = nullptr;
  const Expr *Obj = nullptr;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call)) {
    MD = MCE->getMethodDecl();
    Obj = MCE->getImplicitObjectArgument();
  } else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call)) {
    MD = dyn_cast_or_null<CXXMethodDecl>(OCE->getDirectCallee());
    Obj = OCE->getNumArgs() ? OCE->getArg(0) : nullptr;
  }
  if (!MD || !Obj)
    return;
  const auto &Roles = C.registryRoles(MD);
  if (Roles.empty())
    return;
  std::optional<Path> P = pathOf(Obj, S);
  if (!P)
    return;
  // Runs before drops: tick() calls what is due, then lets it go.
  for (const auto &R : Roles)
    if (R.K == TypestateAnalyzer::Context::RegistryRole::Store)
      keepCallable(Call, *R.Role, *P, S);
  // `link_->close();` then `for (auto &cb : done_) cb();`: the callables
  // run after the method's own closes.
  for (const auto &R : Roles)
    if (R.K == TypestateAnalyzer::Context::RegistryRole::Run) {
      State Before;
      if (closesBeforeRun(Call, *R.Role, S, Before)) {
        llvm::SaveAndRestore<const CallExpr *> By(RunAfterOwnCloses, Call);
        runCallables(Call, *R.Role, *P, Before);
      } else
        runCallables(Call, *R.Role, *P, S);
    }
  for (const auto &R : Roles)
    if (R.K == TypestateAnalyzer::Context::RegistryRole::Drop)
      dropCallables(Call, *R.Role, *P, S);
}

void FunctionAnalysis::keepCallable(const CallExpr *Call,
                                    const InferredRegistry::Role &Role,
                                    const Path &Obj, State &S) {
  const Expr *Arg = argFor(Call, Role.Callable);
  if (!Arg)
    return;
  std::optional<Task> T = buildTask(StartInfo{Call, "callback", Arg, {}}, S);
  if (!T || (T->Uses.empty() && T->Closes.empty() && T->Reopens.empty()))
    return;
  KeptCallable K;
  K.Kept = Call;
  K.Keeper = Role.Method;
  K.Keyed = Role.Key >= 0;
  if (K.Keyed)
    if (const Expr *KeyArg = argFor(Call, Role.Key))
      K.Key = keyOf(KeyArg, C.Ctx).value_or("");
  K.Uses = std::move(T->Uses);
  K.Closes = std::move(T->Closes);
  K.Reopens = std::move(T->Reopens);
  K.Token = resultDestination(Call, S);
  S.DroppedKept.erase({{Obj, Role.Member}, K.Kept});
  std::vector<KeptCallable> &Kept = S.Kept[{Obj, Role.Member}];
  if (!llvm::is_contained(Kept, K))
    Kept.push_back(std::move(K));
}

/// Whether a callable kept under Kept runs, or goes, for a call that looks
/// its callables up by Key (Keyed: by a key parameter, empty when not a
/// constant). When either key is not known, it runs only if neither side
/// has a key, and goes always: a finding needs the callable to run, a
/// drop only loses findings.
static bool sameKey(const KeptCallable &Kept, bool Keyed,
                    const std::string &Key, bool Dropping) {
  if (!Keyed || !Kept.Keyed)
    return true;
  if (Key.empty() || Kept.Key.empty())
    return Dropping;
  return Key == Kept.Key;
}

void FunctionAnalysis::runCallables(const CallExpr *Call,
                                    const InferredRegistry::Role &Role,
                                    const Path &Obj, State &S) {
  auto It = S.Kept.find({Obj, Role.Member});
  if (It == S.Kept.end() || !Replay || !Report)
    return;
  bool Keyed = Role.Key >= 0;
  std::string Key = Keyed ? runKey(Call, Role, C.Ctx) : std::string();
  // A run of every callable kept, in the order they were kept (a plan's
  // steps) or the reverse (cleanup hooks run last-registered first): what
  // one closes is closed for those after it.
  const bool Every = !Keyed && !Role.Selected;
  std::map<typestate::Key, struct Closed> ByEarlier;
  // Every callable that runs into a closed object, by the rule it breaks:
  // one finding per rule at the run, each callable's use a note.
  std::map<const void *, std::vector<CallbackUse>> Found;
  std::vector<const KeptCallable *> Order;
  for (const KeptCallable &K : It->second)
    Order.push_back(&K);
  if (Role.Reversed)
    std::reverse(Order.begin(), Order.end());
  for (const KeptCallable *KP : Order) {
    const KeptCallable &K = *KP;
    // A run that picks its callables by matching what they were kept with
    // (`if (s.topic == topic)`) runs this one only where both are the same
    // constant; one that matches in a way errlint cannot name (a member of
    // its argument, `s.name == event.name`) may not run it: a finding
    // needs it to.
    bool Picked = Keyed && K.Keyed && !Key.empty() && Key == K.Key;
    if (Role.Selected ? !Picked : !sameKey(K, Keyed, Key, /*Dropping=*/false))
      continue;
    for (const TaskUse &U : K.Uses) {
      if (U.Guarded)
        continue;
      auto Closed = S.Keys.find(U.K);
      const struct Closed *Cl =
          Closed != S.Keys.end() ? &Closed->second : nullptr;
      if (auto Earlier = ByEarlier.find(U.K); !Cl && Earlier != ByEarlier.end())
        Cl = &Earlier->second;
      if (!Cl)
        continue;
      // The callable uses it only where its flags say so (`if (stopped_)
      // return;` in report()), which the close set otherwise (`stopped_ =
      // true;` beside it) or this path knows otherwise.
      if (llvm::any_of(U.FlagPre, [&](const std::pair<Path, Fact> &FP) {
            const void *Flag = C.intern(FP.first);
            auto Known = S.Known.find(Flag);
            auto While = Cl->Cond.find(Flag);
            return (Known != S.Known.end() &&
                    Known->second.contradicts(FP.second)) ||
                   (While != Cl->Cond.end() &&
                    While->second.contradicts(FP.second));
          }))
        continue;
      const CompiledProfile &CP = C.Index.profile(U.K.Profile);
      if (!CP.DoubleClose)
        Found[CP.R].push_back({&K, &U, *Cl});
      break;
    }
    if (!Every)
      continue;
    for (const auto &[CK, Site, Must] : K.Closes) {
      struct Closed Cl;
      Cl.Sites.push_back(Site);
      Cl.MaybeOpen = !Must;
      ByEarlier.emplace(CK, std::move(Cl));
    }
    // A step that reopens what an earlier one closed (`feed.reopen(p)`)
    // leaves it open for the steps after it.
    for (const Path &P : K.Reopens)
      for (auto It = ByEarlier.begin(); It != ByEarlier.end();)
        It = hasPrefix(It->first.P, P, /*OrEqual=*/true) ? ByEarlier.erase(It)
                                                         : std::next(It);
  }
  for (const auto &[Rule, Uses] : Found)
    reportCallbackUse(Call, Role, Uses);
}

namespace {
std::string runKey(const CallExpr *Call, const InferredRegistry::Role &Role,
                   ASTContext &Ctx) {
  const Expr *KeyArg = argFor(Call, Role.Key);
  if (!KeyArg)
    return "";
  return (Role.KeyField.empty() ? keyOf(KeyArg, Ctx)
                                : fieldKeyOf(KeyArg, Role.KeyField, Ctx))
      .value_or("");
}
} // namespace

/// Where the effect's close is made in the function whose summary holds it
/// (the call in its own body that made it, or the close itself).
static std::optional<Location> madeAt(const SourceManager &SM, const Effect &E) {
  if (const Expr *At = E.Outer ? E.Outer : E.Site)
    return makeLocation(SM, At->getBeginLoc());
  if (const Location *At = E.RemoteOuter ? E.RemoteOuter : E.Remote)
    return *At;
  return std::nullopt;
}

bool FunctionAnalysis::closesBeforeRun(const CallExpr *Call,
                                       const InferredRegistry::Role &Role,
                                       const State &S, State &Before) {
  if (!Replay || !Report || !Role.Site.Line)
    return false;
  const FunctionDecl *Callee = C.analyzableCallee(Call);
  const Summary *Sum = Callee && C.isRelevant(Callee)
                           ? C.summaryFor(Callee, Bindings())
                           : C.importedSummary(Call);
  if (!Sum)
    return false;
  if (!Callee)
    Callee = Call->getDirectCallee();
  // Only what closes on every path (or wherever its precondition holds):
  // a close on some paths does not make every run fail.
  Summary Closes;
  for (const Effect &E : Sum->Effects) {
    if (E.K != Effect::Close || (!E.Must && !E.MustIfPre))
      continue;
    std::optional<Location> At = madeAt(C.SM, E);
    if (At && At->File == Role.Site.File &&
        std::tie(At->Line, At->Column) <
            std::tie(Role.Site.Line, Role.Site.Column))
      Closes.Effects.push_back(E);
  }
  if (Closes.Effects.empty())
    return false;
  Before = S;
  // Applied for the run only: reported and recorded with the whole summary.
  llvm::SaveAndRestore<bool> Quiet(Report, false);
  llvm::SaveAndRestore<bool> NoRecord(Replay, false);
  applyInvocation(Call, Callee, invocationOf(Call, Callee), Closes, Before,
                  /*Nested=*/false);
  // What it closes only under a condition the caller cannot settle
  // (`if (hard) link_->close();` with `hard` unknown) stays as it was.
  for (auto It = Before.Keys.begin(); It != Before.Keys.end();) {
    auto Old = S.Keys.find(It->first);
    if (!It->second.MaybeOpen) {
      ++It;
    } else if (Old != S.Keys.end()) {
      It->second = Old->second;
      ++It;
    } else {
      It = Before.Keys.erase(It);
    }
  }
  return true;
}

void FunctionAnalysis::dropCallables(const CallExpr *Call,
                                     const InferredRegistry::Role &Role,
                                     const Path &Obj, State &S) {
  bool Keyed = Role.Key >= 0;
  std::string Key;
  std::optional<Path> Token;
  if (Keyed)
    if (const Expr *KeyArg = argFor(Call, Role.Key)) {
      Key = keyOf(KeyArg, C.Ctx).value_or("");
      Token = pathOf(KeyArg, S);
    }
  // The callers see the drop (a scoped connection's destructor), and the
  // token it was given.
  if (std::optional<Effect> E = entryRoot(Obj)) {
    E->K = Effect::DropsCallables;
    if (Token)
      E->Token = asEntryRoot(*Token);
    record(*E);
  }
  auto It = S.Kept.find({Obj, Role.Member});
  if (It == S.Kept.end())
    return;
  const bool ByToken = dropsByToken(S, Obj, Token);
  const std::pair<Path, std::string> Registry = It->first;
  dropKept(S, [&](const auto &Where, const KeptCallable &K) {
    return Where == Registry &&
           (ByToken ? sameToken(K.Token, Token)
                    : sameKey(K, Keyed, Key, /*Dropping=*/true));
  });
}

void FunctionAnalysis::dropKept(
    State &S, llvm::function_ref<bool(const std::pair<Path, std::string> &,
                                      const KeptCallable &)>
                  Drops) {
  for (auto It = S.Kept.begin(); It != S.Kept.end();) {
    llvm::erase_if(It->second, [&](const KeptCallable &K) {
      if (!Drops(It->first, K))
        return false;
      // Each element's callable (kept under each element's token): a loop
      // over the elements dropped it for every element there is, and where
      // the loop was not entered there were none.
      if (K.Token && llvm::is_contained(*K.Token, ElementMark))
        S.DroppedKept[{It->first, K.Kept}] = K.Token;
      return true;
    });
    It = It->second.empty() ? S.Kept.erase(It) : std::next(It);
  }
}

bool FunctionAnalysis::sameToken(const std::optional<Path> &A,
                                 const std::optional<Path> &B) {
  // Each element's token (`for (auto &r : routes) r->start();`) and the
  // token of the element at a key (`routes[0]->dawn()`) may be the same.
  return A && B && withoutKeys(*A) == withoutKeys(*B);
}

bool FunctionAnalysis::dropsByToken(const State &S, const Path &Registry,
                                    const std::optional<Path> &Token) {
  // A token no keeping call here returned may hold any of theirs (copied
  // into a list, passed through another variable): every one may go. One
  // that did names its callable, kept or already dropped (a loop cancelling
  // the same task of each element).
  if (!Token)
    return false;
  for (const auto &[Where, Kept] : S.Kept)
    if (Where.first == Registry &&
        llvm::any_of(Kept, [&](const KeptCallable &K) {
          return sameToken(K.Token, Token);
        }))
      return true;
  return llvm::any_of(S.DroppedKept, [&](const auto &Dropped) {
    return Dropped.first.first.first == Registry &&
           sameToken(Dropped.second, Token);
  });
}

std::optional<Path>
FunctionAnalysis::resultDestination(const CallExpr *Call,
                                    const State &S) const {
  DynTypedNode Node = DynTypedNode::create(*Call);
  for (unsigned Depth = 0; Depth < 6; ++Depth) {
    const auto &Parents = C.Ctx.getParents(Node);
    if (Parents.size() != 1)
      return std::nullopt;
    const DynTypedNode &Up = Parents[0];
    if (const auto *VD = Up.get<VarDecl>())
      return VD->getType()->isReferenceType()
                 ? std::nullopt
                 : std::optional<Path>(Path{VD->getCanonicalDecl()});
    if (const auto *BO = Up.get<BinaryOperator>())
      return BO->getOpcode() == BO_Assign ? pathOf(BO->getLHS(), S)
                                          : std::nullopt;
    if (const auto *Op = Up.get<CXXOperatorCallExpr>())
      return Op->getOperator() == OO_Equal && Op->getNumArgs() == 2
                 ? pathOf(Op->getArg(0), S)
                 : std::nullopt;
    const auto *E = Up.get<Expr>();
    if (!E || !(isa<ImplicitCastExpr, ExprWithCleanups, ParenExpr,
                    MaterializeTemporaryExpr, CXXBindTemporaryExpr,
                    ConstantExpr>(E) ||
                (isa<CXXConstructExpr>(E) &&
                 cast<CXXConstructExpr>(E)->getNumArgs() == 1)))
      return std::nullopt;
    Node = Up;
  }
  return std::nullopt;
}

void FunctionAnalysis::exportRegistered(const State &Exit) {
  for (const auto &[Where, Callables] : Exit.Kept) {
    std::optional<RootRef> Registry = asEntryRoot(Where.first);
    if (!Registry)
      continue;
    for (const KeptCallable &K : Callables)
      for (const TaskUse &U : K.Uses) {
        std::optional<Effect> E = useEffect(Effect::Registers, U);
        if (!E)
          continue;
        E->Exec = Registry;
        E->Start = K.Kept;
        if (K.Token)
          E->Token = asEntryRoot(*K.Token);
        E->Registered = Effect::KeptIn{Where.second, K.Keeper, K.Key, K.Keyed};
        // `if (stopped_) return;` before the use: the flags it needs.
        for (const auto &[Flag, F] : U.FlagPre)
          if (std::optional<RootRef> R = asEntryRoot(Flag))
            E->Pre.push_back({*R, F});
        llvm::sort(E->Pre);
        record(*E);
      }
  }
}

void FunctionAnalysis::applyRegistered(const CallExpr *Call,
                                       const Invocation &Inv,
                                       const Summary &Sum, State &S) {
  // In the order the callee kept them (a summary's effects are ordered by
  // what they hold, addresses among them): a run of every kept callable
  // runs them in that order.
  std::vector<const Effect *> Registered;
  for (const Effect &E : Sum.Effects)
    if (E.K == Effect::Registers && E.Exec && E.Registered)
      Registered.push_back(&E);
  auto Where = [&](const Effect *E) {
    return (E->Start ? E->Start : Call)->getBeginLoc();
  };
  std::stable_sort(Registered.begin(), Registered.end(),
                   [&](const Effect *A, const Effect *B) {
                     return C.SM.isBeforeInTranslationUnit(Where(A), Where(B));
                   });
  for (const Effect *E : Registered)
    addRegisteredCallable(*E, Inv, E->Start ? E->Start : Call, S);
}

bool FunctionAnalysis::addRegisteredCallable(const Effect &E,
                                             const Invocation &Inv,
                                             const Expr *Site, State &S) {
  std::optional<Path> Registry = mapRoot(Inv, *E.Exec, S);
  std::optional<Path> P = mapRoot(Inv, E.root(), S);
  if (!Registry || !P)
    return false;
  {
    S.DroppedKept.erase({{*Registry, E.Registered->Member}, Site});
    std::vector<KeptCallable> &Kept = S.Kept[{*Registry, E.Registered->Member}];
    // Kept by code another unit defines: located by where it was kept there.
    const Location *KeptAt = Site ? nullptr : E.RemoteOuter;
    auto It = llvm::find_if(Kept, [&](const KeptCallable &K) {
      return K.Kept == Site && K.KeptAt == KeptAt;
    });
    if (It == Kept.end()) {
      KeptCallable K;
      K.Kept = Site;
      K.KeptAt = KeptAt;
      K.Keeper = E.Registered->Keeper;
      K.Keyed = E.Registered->Keyed;
      K.Key = E.Registered->Key;
      if (E.Token)
        K.Token = mapRoot(Inv, *E.Token, S);
      Kept.push_back(std::move(K));
      It = std::prev(Kept.end());
    }
    TaskUse U = taskUseOf(E, *P);
    U.Pinned = E.Pinned;
    for (const RootRef &L : E.HeldLocks)
      if (auto LP = mapRoot(Inv, L, S))
        U.HeldLocks.insert(*LP);
    for (const auto &[Flag, F] : E.Pre)
      if (auto FP = mapRoot(Inv, Flag, S))
        U.FlagPre.push_back({*FP, F});
    if (!llvm::is_contained(It->Uses, U))
      It->Uses.push_back(std::move(U));
  }
  return true;
}

void FunctionAnalysis::pinKeptUses(const Path &P, State &S) {
  Path Old = P;
  Old.push_back(PriorMark);
  bool Pinned = false;
  for (auto &[Where, Callables] : S.Kept)
    for (const KeptCallable &K : Callables)
      Pinned |= llvm::any_of(K.Uses, [&](const TaskUse &U) {
        return U.Pinned && U.K.P == P;
      });
  if (!Pinned)
    return;
  // What P denoted lives on in the callables' copies, under Old. A second
  // object rebound away from P would share Old with the first: when the
  // two are not known alike, the callables' uses of either go (a finding
  // needs the object the callable runs on to be known closed).
  bool Clash = false;
  std::set<unsigned> Profiles;
  for (const auto &[Where, Callables] : S.Kept)
    for (const KeptCallable &K : Callables)
      for (const TaskUse &U : K.Uses)
        if (U.Pinned && (U.K.P == P || U.K.P == Old))
          Profiles.insert(U.K.Profile);
  for (unsigned Profile : Profiles) {
    auto Now = S.Keys.find(Key{Profile, P});
    auto Before = S.Keys.find(Key{Profile, Old});
    const bool Used = llvm::any_of(S.Kept, [&](const auto &Entry) {
      return llvm::any_of(Entry.second, [&](const KeptCallable &K) {
        return llvm::any_of(K.Uses, [&](const TaskUse &U) {
          return U.Pinned && U.K.P == Old && U.K.Profile == Profile;
        });
      });
    });
    if (!Used && Before == S.Keys.end()) {
      if (Now != S.Keys.end())
        S.Keys.emplace(Key{Profile, Old}, Now->second);
      continue;
    }
    const bool Same = Now == S.Keys.end()
                          ? Before == S.Keys.end()
                          : Before != S.Keys.end() &&
                                Before->second == Now->second;
    Clash |= !Same;
  }
  for (auto &[Where, Callables] : S.Kept)
    for (KeptCallable &K : Callables) {
      if (Clash)
        llvm::erase_if(K.Uses, [&](const TaskUse &U) {
          return U.Pinned && (U.K.P == P || U.K.P == Old);
        });
      for (TaskUse &U : K.Uses)
        if (U.Pinned && U.K.P == P)
          U.K.P = Old;
    }
}

bool FunctionAnalysis::runsRegistry(const Path &Registry,
                                    const std::string &Member) {
  llvm::SmallVector<const Stmt *, 64> Stack{FD->getBody()};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
    const auto *MCE = dyn_cast<CXXMemberCallExpr>(St);
    const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
    if (!MD)
      continue;
    for (const auto &R : C.registryRoles(MD))
      if (R.K == TypestateAnalyzer::Context::RegistryRole::Run &&
          R.Role->Member == Member &&
          rawPathOf(MCE->getImplicitObjectArgument()) == Registry)
        return true;
  }
  return false;
}

/// The class of the object a path ends at, through pointers, references
/// and smart pointers; null for an element or one it cannot tell.
static const CXXRecordDecl *classAt(const Path &P) {
  if (P.empty() || P.back() == ThisRoot)
    return nullptr;
  QualType T;
  if (const FieldDecl *F = fieldPart(P.back()))
    T = F->getType();
  else if (P.size() == 1)
    T = static_cast<const VarDecl *>(P.back())->getType();
  else
    return nullptr;
  T = T.getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  if (isSmartPointerType(T))
    if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
            T->getAsCXXRecordDecl());
        Spec && Spec->getTemplateArgs().size() >= 1 &&
        Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
      T = Spec->getTemplateArgs()[0].getAsType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  return RD ? RD->getCanonicalDecl() : nullptr;
}

void FunctionAnalysis::dropCallablesAt(std::optional<Path> Obj, State &S,
                                       std::optional<Path> Token) {
  if (Obj)
    Obj = resolve(std::move(*Obj), S);
  // `timer_.cancel(reportTask_)` inside the callee: only what was kept
  // under that token.
  if (Obj && dropsByToken(S, *Obj, Token)) {
    dropKept(S, [&](const auto &Where, const KeptCallable &K) {
      return Where.first == *Obj && sameToken(K.Token, Token);
    });
    return;
  }
  if (Obj && llvm::any_of(S.Kept, [&](const auto &Entry) {
        return Entry.first.first == *Obj;
      })) {
    forgetCallablesOf(*Obj, S);
    return;
  }
  // A registry this function cannot tell apart from those it knows
  // (`bus_->unsubscribe(token_)` through a pointer another method set) may
  // be any of them of its class: a finding needs the callable to be there,
  // so those go. One of another class (a hub the callee leaves, while the
  // callables wait in a device registry) is not one of them.
  const CXXRecordDecl *Dropping = Obj ? classAt(*Obj) : nullptr;
  dropKept(S, [&](const auto &Where, const KeptCallable &) {
    const CXXRecordDecl *Keeping = classAt(Where.first);
    return !(Dropping && Keeping && Dropping != Keeping);
  });
}

void FunctionAnalysis::forgetCallablesOf(const Path &Obj, State &S) {
  dropKept(S, [&](const auto &Where, const KeptCallable &) {
    return Where.first == Obj;
  });
}

Location FunctionAnalysis::keptLocation(const KeptCallable &K) const {
  if (K.Kept)
    return makeLocation(C.SM, K.Kept->getExprLoc());
  return K.KeptAt ? *K.KeptAt : Location();
}

void FunctionAnalysis::reportCallbackUse(
    const CallExpr *Call, const InferredRegistry::Role &Role,
    const std::vector<CallbackUse> &Uses) {
  const auto &[First, U0, Cl] = Uses.front();
  const KeptCallable &K = *First;
  const TaskUse &U = *U0;
  const CompiledProfile &CP = C.Index.profile(U.K.Profile);
  if (!Reported.insert({Call, CP.R}).second)
    return;
  CallbackAfterCloseReport R;
  R.Profile = U.K.Profile;
  R.Loc = makeLocation(C.SM, Call->getExprLoc());
  R.Function = FD->getQualifiedNameAsString();
  R.Object = describeKey(U.K);
  R.Callee = Role.Method;
  R.Keeper = K.Keeper;
  R.MaybeOpen = Cl.MaybeOpen;
  R.Kept = keptLocation(K);
  // A use inside a function another unit defines has no site here.
  R.Use = useLocation(U);
  R.UseCallee = useCallee(U);
  R.Closes = closeEvents(U.K, Cl, Call->getExprLoc());
  // Closed by the run method itself before it ran the callables, not on an
  // earlier iteration of a loop around the call.
  if (RunAfterOwnCloses == Call)
    for (CloseEvent &E : R.Closes)
      if (E.Loc.Line == R.Loc.Line && E.Loc.Column == R.Loc.Column)
        E.EarlierIteration = false;
  for (size_t I = 1; I < Uses.size(); ++I) {
    const auto &[Other, OtherUse, OtherClosed] = Uses[I];
    R.Others.push_back({keptLocation(*Other),
                        Other->Keeper, useLocation(*OtherUse),
                        useCallee(*OtherUse)});
  }
  C.H.callbackAfterClose(R);
}

} // namespace typestate
} // namespace errlint
