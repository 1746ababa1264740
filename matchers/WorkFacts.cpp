//===- WorkFacts.cpp - What user classes do with the callables they get --===//

#include "WorkFacts.h"
#include "Engine.h"
#include "typestate/AccessPath.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace errlint {
namespace {

const Expr *strip(const Expr *E) {
  return E ? typestate::stripWrappers(E) : nullptr;
}

Location spotOf(const SourceManager &SM, SourceLocation L) {
  Location Loc = makeLocation(SM, L);
  Loc.Raw = 0;
  return Loc;
}

bool isStdClass(QualType T, std::initializer_list<llvm::StringRef> Names) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->isInStdNamespace() && RD->getIdentifier() &&
         llvm::is_contained(Names, RD->getName());
}

/// T holds something Is says yes to: T itself, a standard container or
/// owner of it (any of its type arguments: `std::vector<std::thread>`,
/// `std::map<K, std::vector<F>>`), or a struct of the user's with such a
/// member.
template <class Pred> bool holds(QualType T, Pred Is, unsigned Depth = 0) {
  if (Depth > 4)
    return false;
  if (Is(T))
    return true;
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD)
    return false;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
      Spec && RD->isInStdNamespace()) {
    for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
      if (A.getKind() == TemplateArgument::Type &&
          holds(A.getAsType(), Is, Depth + 1))
        return true;
    return false;
  }
  if (RD->isInStdNamespace() || !RD->hasDefinition() || RD->isLambda())
    return false;
  return llvm::any_of(RD->fields(), [&](const FieldDecl *F) {
    return holds(F->getType(), Is, Depth + 1);
  });
}

bool isThread(QualType T) { return isStdClass(T, {"thread", "jthread"}); }

bool isCallableWrapper(QualType T) {
  return isStdClass(T, {"function", "move_only_function", "copyable_function",
                        "packaged_task"});
}

bool holdsThreads(QualType T) { return holds(T, isThread); }

/// A parameter that can hold a callable: a std::function (or another of
/// the standard's callable wrappers), a function pointer, a template
/// parameter (`F &&f`), or a lambda or function object in an instantiation
/// of `template <class F> void submit(F &&f)`.
bool isCallableParameter(const ParmVarDecl *P) {
  QualType T = P->getType().getNonReferenceType().getCanonicalType();
  if (isa<TemplateTypeParmType>(T) || T->isFunctionPointerType() ||
      T->isFunctionType() || isCallableWrapper(T))
    return true;
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  return RD && RD->hasDefinition() &&
         (RD->isLambda() ||
          !RD->lookup(RD->getASTContext().DeclarationNames.getCXXOperatorName(
                          OO_Call))
               .empty());
}

/// X in `std::move(X)` or `std::forward<T>(X)`.
const Expr *movedFrom(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || !FD->isInStdNamespace() || !FD->getIdentifier() ||
      Call->getNumArgs() != 1 ||
      (FD->getName() != "move" && FD->getName() != "forward"))
    return nullptr;
  return Call->getArg(0);
}

/// What the standard containers do, as far as kept callables go: the
/// calls that look an element up by a key (their first argument), and the
/// calls that remove elements.
bool looksUpByKey(llvm::StringRef Name) {
  return llvm::is_contained({"find", "at", "erase", "count", "contains",
                             "equal_range", "lower_bound", "upper_bound",
                             "try_emplace", "extract"},
                            Name);
}

bool removes(llvm::StringRef Name) {
  return llvm::is_contained({"erase", "clear", "pop_back", "pop_front", "pop",
                             "extract", "swap", "remove", "remove_if"},
                            Name);
}

/// The parameter an expression names, or -1.
int paramIndex(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(strip(E));
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  return P ? static_cast<int>(P->getFunctionScopeIndex()) : -1;
}

/// A member of *this an expression reaches, and the parameter it was
/// looked up by, if any (`handlers_[topic]`, `handlers_.find(topic)`).
struct Reach {
  const FieldDecl *F = nullptr;
  int Key = -1;
  /// Reached through a walk from the back (`rbegin()`, a reversed view, an
  /// index counting down): the elements come last-kept first.
  bool Reversed = false;
  explicit operator bool() const { return F != nullptr; }
  Reach keyedBy(int K) const { return {F, Key >= 0 ? Key : K, Reversed}; }
  Reach reversed() const { return {F, Key, !Reversed}; }
};

/// A call that walks a range from its back: `v.rbegin()`, `std::rbegin(v)`,
/// `std::views::reverse(v)`, `boost::adaptors::reverse(v)`.
bool walksBackward(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return false;
  llvm::StringRef Name = FD->getName();
  return Name == "rbegin" || Name == "crbegin" || Name == "reverse" ||
         Name == "reversed";
}

using LocalReach = llvm::DenseMap<const Decl *, Reach>;

/// The member of *this an expression reaches: `tasks_`, `this->tasks_`,
/// `threads_[i]`, `*worker_`, `worker_->`, `queue_.back()`,
/// `std::move(tasks_.front())`, or a local that Locals says was taken from
/// one.
Reach reachOf(const Expr *E, const LocalReach *Locals = nullptr,
              unsigned Depth = 0) {
  E = strip(E);
  if (!E || Depth > 8)
    return {};
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return {dyn_cast<FieldDecl>(ME->getMemberDecl()), -1};
    return reachOf(ME->getBase(), Locals, Depth + 1);
  }
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (OCE->getNumArgs() == 0)
      return {};
    Reach R = reachOf(OCE->getArg(0), Locals, Depth + 1);
    // `std::views::reverse(hooks_)`: an adaptor object called.
    if (OCE->getOperator() == OO_Call && OCE->getNumArgs() == 2)
      if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(OCE->getArg(0))))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
            VD && VD->getIdentifier() && VD->getName() == "reverse")
          return reachOf(OCE->getArg(1), Locals, Depth + 1).reversed();
    // `hooks_ | std::views::reverse`.
    if (OCE->getOperator() == OO_Pipe && OCE->getNumArgs() == 2)
      if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(OCE->getArg(1))))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
            VD && VD->getIdentifier() && VD->getName() == "reverse")
          return R.reversed();
    if (OCE->getOperator() == OO_Subscript && OCE->getNumArgs() == 2)
      return R.keyedBy(paramIndex(OCE->getArg(1)));
    return R;
  }
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E)) {
    Reach R = reachOf(MCE->getImplicitObjectArgument(), Locals, Depth + 1);
    const CXXMethodDecl *MD = MCE->getMethodDecl();
    if (MD && MD->getIdentifier() && looksUpByKey(MD->getName()) &&
        MCE->getNumArgs() > 0)
      return R.keyedBy(paramIndex(MCE->getArg(0)));
    return walksBackward(MD) ? R.reversed() : R;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && Call->getNumArgs() == 1 && walksBackward(Call->getDirectCallee()))
    return reachOf(Call->getArg(0), Locals, Depth + 1).reversed();
  if (const Expr *Moved = movedFrom(E))
    return reachOf(Moved, Locals, Depth + 1);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return CE->getNumArgs() == 1 ? reachOf(CE->getArg(0), Locals, Depth + 1)
                                 : Reach();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (!Locals)
      return {};
    auto It = Locals->find(DRE->getDecl());
    return It == Locals->end() ? Reach() : It->second;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Deref
               ? reachOf(UO->getSubExpr(), Locals, Depth + 1)
               : Reach();
  return {};
}

/// The locals an expression names: `firing`, or both arms of
/// `(due ? firing : waiting)`.
void localsOf(const Expr *E, llvm::SmallVectorImpl<const Decl *> &Out) {
  E = strip(E);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    localsOf(CO->getTrueExpr(), Out);
    localsOf(CO->getFalseExpr(), Out);
    return;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (isa<VarDecl>(DRE->getDecl()))
      Out.push_back(DRE->getDecl());
}

/// The members whose kept callables a body calls: `tasks_.front()()`, or a
/// local taken from one (`task = std::move(tasks_.front()); task();`, a
/// range-for over a copy of the member, a local vector the member's
/// elements were moved into).
class RunReader : public RecursiveASTVisitor<RunReader> {
public:
  explicit RunReader(bool IntoLambdas) : IntoLambdas(IntoLambdas) {}

  bool shouldVisitLambdaBodies() const { return IntoLambdas; }

  bool VisitVarDecl(VarDecl *VD) {
    if (Reach R = VD->getInit() ? reachOf(VD->getInit(), &From) : Reach())
      From[VD] = R;
    return true;
  }

  bool VisitCXXForRangeStmt(CXXForRangeStmt *FR) {
    if (Reach R = reachOf(FR->getRangeInit(), &From)) {
      From[FR->getLoopVariable()] = R;
      // `for (auto &[name, step] : steps_) step();`: each binding names a
      // part of the kept entry.
      if (const auto *DD = dyn_cast<DecompositionDecl>(FR->getLoopVariable()))
        for (const BindingDecl *B : DD->bindings())
          From[B] = R;
    }
    return true;
  }

  /// `firing.push_back(std::move(entry))` with `entry` from the member.
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
    for (const Expr *Arg : MCE->arguments())
      if (Reach R = reachOf(Arg, &From)) {
        llvm::SmallVector<const Decl *, 2> Locals;
        localsOf(MCE->getImplicitObjectArgument(), Locals);
        for (const Decl *D : Locals)
          From.try_emplace(D, R);
        break;
      }
    return true;
  }

  /// `if (s.name == event.name)`: the callables run are those whose entry
  /// matches what a parameter says, a key this reader cannot name.
  bool VisitIfStmt(IfStmt *If) {
    if (selectsByParameter(If->getCond()))
      Selected = true;
    return true;
  }

  /// The parameter the entries are matched against (`entry.topic ==
  /// topic`), and the field of it when a member of it is compared
  /// (`entry.kind == event.kind`).
  int SelectParam = -1;
  std::string SelectField;

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
    if (OCE->getOperator() == OO_Equal && OCE->getNumArgs() == 2) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(OCE->getArg(0))))
        if (Reach R = reachOf(OCE->getArg(1), &From))
          From[DRE->getDecl()] = R;
      return true;
    }
    if (OCE->getOperator() != OO_Call || OCE->getNumArgs() == 0)
      return true;
    if (Reach R = reachOf(OCE->getArg(0), &From)) {
      Runs.insert(R.F->getNameAsString());
      if (!First) {
        First = R;
        First.Reversed |= indexedDownward(OCE->getArg(0));
        Site = OCE;
      }
    }
    return true;
  }

  /// `for (size_t i = hooks_.size(); i-- > 0;)`, `for (...; --i)`: loop
  /// counters that count down.
  bool VisitForStmt(ForStmt *FS) {
    auto NoteDecrements = [&](const Stmt *St) {
      llvm::SmallVector<const Stmt *, 8> Stack{St};
      while (!Stack.empty()) {
        const Stmt *S = Stack.pop_back_val();
        if (!S)
          continue;
        if (const auto *UO = dyn_cast<UnaryOperator>(S);
            UO && UO->isDecrementOp())
          if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(UO->getSubExpr())))
            CountsDown.insert(DRE->getDecl());
        if (const auto *CAO = dyn_cast<CompoundAssignOperator>(S);
            CAO && CAO->getOpcode() == BO_SubAssign)
          if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(CAO->getLHS())))
            CountsDown.insert(DRE->getDecl());
        for (const Stmt *Child : S->children())
          Stack.push_back(Child);
      }
    };
    NoteDecrements(FS->getCond());
    NoteDecrements(FS->getInc());
    return true;
  }

  std::set<std::string> Runs;
  Reach First;
  const Expr *Site = nullptr;
  bool Selected = false;

private:
  llvm::SmallPtrSet<const Decl *, 4> CountsDown;

  /// `hooks_[i - 1]` with i counting down.
  bool indexedDownward(const Expr *E) {
    const auto *OCE = dyn_cast<CXXOperatorCallExpr>(strip(E));
    if (!OCE || OCE->getOperator() != OO_Subscript || OCE->getNumArgs() != 2)
      return false;
    llvm::SmallVector<const Stmt *, 8> Stack{OCE->getArg(1)};
    while (!Stack.empty()) {
      const Stmt *S = Stack.pop_back_val();
      if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(S);
          DRE && CountsDown.count(DRE->getDecl()))
        return true;
      if (S)
        for (const Stmt *Child : S->children())
          Stack.push_back(Child);
    }
    return false;
  }

  /// An equality (or a conjunction holding one) between what an entry of a
  /// member holds and what a parameter holds.
  bool selectsByParameter(const Expr *Cond) {
    Cond = strip(Cond);
    if (!Cond)
      return false;
    if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
      if (BO->getOpcode() == BO_LAnd)
        return selectsByParameter(BO->getLHS()) ||
               selectsByParameter(BO->getRHS());
      if (BO->getOpcode() == BO_EQ)
        return matchesParameter(BO->getLHS(), BO->getRHS());
      return false;
    }
    if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Cond))
      if (OCE->getOperator() == OO_EqualEqual && OCE->getNumArgs() == 2)
        return matchesParameter(OCE->getArg(0), OCE->getArg(1));
    return false;
  }
  bool matchesParameter(const Expr *A, const Expr *B) {
    for (auto [Entry, Param] : {std::pair(A, B), std::pair(B, A)})
      if (reachOf(Entry, &From) && parameterRooted(Param)) {
        if (SelectParam < 0)
          SelectParam = paramIndex(Param);
        // `event.kind`: one field of a parameter.
        if (const auto *ME = dyn_cast<MemberExpr>(strip(Param));
            SelectParam < 0 && ME && isa<FieldDecl>(ME->getMemberDecl()) &&
            paramIndex(ME->getBase()) >= 0) {
          SelectParam = paramIndex(ME->getBase());
          SelectField = ME->getMemberDecl()->getNameAsString();
        }
        return true;
      }
    return false;
  }
  /// `event.name`, `topic`: a parameter or a member of one.
  static bool parameterRooted(const Expr *E) {
    E = strip(E);
    while (const auto *ME = dyn_cast_or_null<MemberExpr>(E))
      E = strip(ME->getBase());
    if (const auto *CE = dyn_cast_or_null<CXXMemberCallExpr>(E))
      return parameterRooted(CE->getImplicitObjectArgument());
    return paramIndex(E) >= 0;
  }

  bool IntoLambdas;
  LocalReach From;
};

/// Reads what a method does with callables: whether it keeps a callable
/// parameter in a member (a pool's submit(), a dispatcher's on()), drops
/// the callables a member keeps, or waits for the object's threads or their
/// work. The callable may reach the member through locals made from it (a
/// packaged_task wrapping it, a lambda capturing that).
class WorkReader : public RecursiveASTVisitor<WorkReader> {
public:
  WorkReader(const SourceManager &SM, const CXXMethodDecl *MD, MethodFacts &M,
             unsigned Depth = 0)
      : SM(SM), M(M), Depth(Depth) {
    for (const ParmVarDecl *P : MD->parameters())
      if (isCallableParameter(P))
        Carriers[P] = P->getFunctionScopeIndex();
  }

  bool shouldVisitLambdaBodies() const { return false; }

  bool VisitVarDecl(VarDecl *VD) {
    if (!VD->getInit())
      return true;
    if (std::optional<unsigned> From = carrierIn(VD->getInit()))
      Carriers[VD] = *From;
    // `auto batch = std::move(pending_);` empties the member.
    if (const Expr *Moved = movedFrom(strip(VD->getInit())))
      readTakeAll(Moved, VD->getInit());
    // The same through the container's move constructor.
    const Expr *Init = strip(VD->getInit());
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Init);
        CE && CE->getNumArgs() == 1)
      Init = strip(CE->getArg(0));
    if (const Expr *Moved = movedFrom(Init))
      takenInto(VD, Moved);
    if (const auto *Call = dyn_cast<CallExpr>(Init);
        Call && isStdCall(Call, "exchange") && Call->getNumArgs() > 0)
      takenInto(VD, Call->getArg(0));
    return true;
  }

  bool VisitCXXForRangeStmt(CXXForRangeStmt *FR) {
    if (Reach R = reachOf(FR->getRangeInit(), &Taken))
      LoopMembers[FR->getLoopVariable()] = R;
    return true;
  }

  /// `std::swap(batch, pending_)`, `std::exchange(pending_, {})`.
  bool VisitCallExpr(CallExpr *Call) {
    if (!isStdCall(Call, "swap") && !isStdCall(Call, "exchange"))
      return true;
    for (const Expr *Arg : Call->arguments())
      readTakeAll(Arg, Call);
    if (isStdCall(Call, "swap") && Call->getNumArgs() == 2)
      swapped(Call->getArg(0), Call->getArg(1));
    return true;
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
    const CXXMethodDecl *Callee = MCE->getMethodDecl();
    if (!Callee || !Callee->getIdentifier())
      return true;
    const Expr *Obj = MCE->getImplicitObjectArgument();
    readWait(Callee->getName(), Obj, MCE);
    if (Callee->isConst())
      return true;
    readStore(Obj, llvm::ArrayRef(MCE->getArgs(), MCE->getNumArgs()), MCE);
    if (removes(Callee->getName()))
      readDrop(MCE, MCE);
    // `batch.swap(pending_);`
    if (Callee->getName() == "swap") {
      for (const Expr *Arg : MCE->arguments())
        readTakeAll(Arg, MCE);
      if (MCE->getNumArgs() == 1)
        swapped(Obj, MCE->getArg(0));
    }
    return true;
  }

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
    if (OCE->getOperator() != OO_Equal || OCE->getNumArgs() != 2)
      return true;
    readStore(OCE->getArg(0), llvm::ArrayRef(OCE->getArgs() + 1, 1), OCE);
    // `handler_ = nullptr;`
    if (isa<CXXNullPtrLiteralExpr>(strip(OCE->getArg(1))))
      readDrop(OCE->getArg(0), OCE);
    return true;
  }

private:
  /// The parameter a callable in S comes from, if S mentions one (a lambda
  /// capturing it too).
  std::optional<unsigned> carrierIn(const Stmt *S) {
    if (!S)
      return std::nullopt;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      auto It = Carriers.find(DRE->getDecl());
      if (It != Carriers.end())
        return It->second;
    }
    if (const auto *LE = dyn_cast<LambdaExpr>(S))
      for (const LambdaCapture &C : LE->captures())
        if (C.capturesVariable()) {
          auto It = Carriers.find(C.getCapturedVar());
          if (It != Carriers.end())
            return It->second;
        }
    for (const Stmt *Child : S->children())
      if (std::optional<unsigned> From = carrierIn(Child))
        return From;
    return std::nullopt;
  }

  /// The member the object of a call is, or is an element of (a range-for
  /// variable over a member).
  const FieldDecl *memberOf(const Expr *Obj) {
    if (Reach R = reachOf(Obj))
      return R.F;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(Obj))) {
      auto It = LoopMembers.find(DRE->getDecl());
      if (It != LoopMembers.end())
        return It->second.F;
    }
    return nullptr;
  }

  void readWait(llvm::StringRef Name, const Expr *Obj, const Expr *Site) {
    if (!M.WaitsOn.empty())
      return;
    QualType T = strip(Obj)->getType();
    if (T->isPointerType())
      T = T->getPointeeType();
    bool Waits =
        (Name == "join" && isThread(T)) ||
        ((Name == "wait" || Name == "wait_for" || Name == "wait_until") &&
         isStdClass(T, {"condition_variable", "condition_variable_any"})) ||
        ((Name == "wait" || Name == "get") &&
         isStdClass(T, {"future", "shared_future"}));
    const FieldDecl *F = Waits ? memberOf(Obj) : nullptr;
    if (!F)
      return;
    M.WaitsOn = F->getNameAsString();
    M.WaitSite = spotOf(SM, Site->getExprLoc());
  }

  void readStore(const Expr *Target, llvm::ArrayRef<const Expr *> Args,
                 const Expr *Site) {
    if (!M.StoresCallableIn.empty())
      return;
    Reach R = reachOf(Target);
    if (!R || holdsThreads(R.F->getType()))
      return;
    std::optional<unsigned> From;
    for (const Expr *A : Args)
      if ((From = carrierIn(A)))
        break;
    if (!From || !keeps(Target, Site))
      return;
    M.StoresCallableIn = R.F->getNameAsString();
    M.StoreSite = spotOf(SM, Site->getExprLoc());
    M.StoreParam = static_cast<int>(*From);
    M.StoreKey = R.Key >= 0 ? R.Key : besideParameter(Args, *From);
  }

  /// `subs_.push_back({topic, std::move(fn)})`,
  /// `handlers_.emplace(id, std::make_pair(kind, std::move(fn)))`: the
  /// parameter kept in the same entry as the callable, by which a run may
  /// pick it.
  int besideParameter(llvm::ArrayRef<const Expr *> Args, unsigned Callable) {
    llvm::SmallVector<const Expr *, 8> Parts;
    for (const Expr *A : Args)
      entryParts(A, Parts, /*Depth=*/0);
    for (const Expr *Part : Parts) {
      int I = paramIndex(Part);
      if (I >= 0 && static_cast<unsigned>(I) != Callable)
        return I;
    }
    return -1;
  }

  /// The values an entry is built from, through the pairs, tuples and
  /// aggregates it nests (`{topic, fn}`, `std::make_pair(kind, fn)`) and the
  /// copies or moves of each value.
  static void entryParts(const Expr *E, llvm::SmallVectorImpl<const Expr *> &Out,
                         unsigned Depth) {
    E = strip(E);
    for (int Peel = 0; Peel < 3; ++Peel) {
      if (const Expr *Moved = movedFrom(E))
        E = strip(Moved);
      else if (const auto *Copy = dyn_cast<CXXConstructExpr>(E);
               Copy && Copy->getNumArgs() == 1 &&
               Copy->getConstructor()->isCopyOrMoveConstructor())
        E = strip(Copy->getArg(0));
      else
        break;
    }
    if (Depth > 3) {
      Out.push_back(E);
      return;
    }
    llvm::ArrayRef<const Expr *> Nested;
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
      Nested = llvm::ArrayRef(CE->getArgs(), CE->getNumArgs());
    else if (const auto *ILE = dyn_cast<InitListExpr>(E))
      Nested = llvm::ArrayRef(ILE->getInits(), ILE->getNumInits());
    else if (const auto *Call = dyn_cast<CallExpr>(E);
             Call && (isStdCall(Call, "make_pair") ||
                      isStdCall(Call, "make_tuple") ||
                      isStdCall(Call, "forward_as_tuple")))
      Nested = llvm::ArrayRef(Call->getArgs(), Call->getNumArgs());
    else {
      Out.push_back(E);
      return;
    }
    for (const Expr *Part : Nested)
      entryParts(Part, Out, Depth + 1);
  }

  /// A removal from a member that keeps callables: `handlers_.erase(topic)`
  /// (by the key parameter), `slots_.clear()`, `timers_.swap(waiting)`.
  void readDrop(const Expr *Removal, const Expr *Site) {
    if (!M.DropsFrom.empty())
      return;
    // `for (auto &job : jobs_) if (job.first == id) job.second = nullptr;`
    Reach R = reachOf(Removal, &LoopMembers);
    if (!R || !holds(R.F->getType(), isCallableWrapper))
      return;
    M.DropsFrom = R.F->getNameAsString();
    M.DropKey = R.Key;
    M.DropSite = spotOf(SM, Site->getExprLoc());
  }

  /// A member holding callables taken whole (swapped or moved out): its
  /// callables are no longer kept there.
  void readTakeAll(const Expr *E, const Expr *Site) {
    const auto *ME = dyn_cast<MemberExpr>(strip(E));
    if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return;
    readDrop(E, Site);
  }

  /// Whether the call Site on Target keeps its argument: Target is a
  /// standard container or wrapper (a deque's push_back, a std::function's
  /// operator=), or the user's method called keeps a callable parameter in
  /// a member of its own (a queue class of the project's).
  bool keeps(const Expr *Target, const Expr *Site) {
    QualType T = strip(Target)->getType();
    if (T->isPointerType())
      T = T->getPointeeType();
    const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
    if (RD && RD->isInStdNamespace())
      return true;
    const auto *MCE = dyn_cast<CXXMemberCallExpr>(Site);
    const CXXMethodDecl *Callee = MCE ? MCE->getMethodDecl() : nullptr;
    const FunctionDecl *Def = nullptr;
    if (!Callee || !Callee->hasBody(Def) || Depth > 2)
      return false;
    MethodFacts Inner;
    WorkReader R(SM, cast<CXXMethodDecl>(Def), Inner, Depth + 1);
    R.TraverseStmt(Def->getBody());
    return !Inner.StoresCallableIn.empty();
  }

  static bool isStdCall(const CallExpr *Call, llvm::StringRef Name) {
    const FunctionDecl *FD = Call->getDirectCallee();
    return FD && FD->isInStdNamespace() && FD->getIdentifier() &&
           FD->getName() == Name;
  }

  /// Local now holds what the member From reached held (`auto started =
  /// std::move(threads_);`): joining its threads joins the member's.
  void takenInto(const Decl *Local, const Expr *From) {
    if (Reach R = reachOf(From))
      Taken[Local] = R;
  }

  /// `started.swap(threads_)`, `std::swap(started, threads_)`.
  void swapped(const Expr *A, const Expr *B) {
    for (auto [Local, Member] : {std::pair(A, B), std::pair(B, A)})
      if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(Local)))
        if (isa<VarDecl>(DRE->getDecl()) &&
            cast<VarDecl>(DRE->getDecl())->hasLocalStorage())
          takenInto(DRE->getDecl(), Member);
  }

  const SourceManager &SM;
  MethodFacts &M;
  unsigned Depth;
  llvm::DenseMap<const Decl *, unsigned> Carriers;
  LocalReach LoopMembers;
  /// Locals that took over a member's contents.
  LocalReach Taken;
};

} // namespace

const CXXRecordDecl *workInstance(const CXXRecordDecl *RD) {
  const ClassTemplateDecl *CT = RD->getDescribedClassTemplate();
  if (!CT)
    return RD;
  for (const ClassTemplateSpecializationDecl *Spec : CT->specializations())
    if (Spec->hasDefinition())
      return Spec->getDefinition();
  return nullptr;
}

const CXXMethodDecl *workInstance(const CXXMethodDecl *MD) {
  const CXXRecordDecl *RD = MD->getParent();
  if (!RD->getDescribedClassTemplate())
    return MD;
  const ClassTemplateDecl *CT = RD->getDescribedClassTemplate();
  for (const ClassTemplateSpecializationDecl *Spec : CT->specializations())
    for (const CXXMethodDecl *M : Spec->methods())
      if (M->getInstantiatedFromMemberFunction() == MD &&
          M->doesThisDeclarationHaveABody())
        return M;
  return nullptr;
}

std::vector<std::string> threadMembers(const CXXRecordDecl *RD) {
  std::vector<std::string> Out;
  RD = RD->getDefinition();
  if (RD)
    for (const FieldDecl *F : RD->fields())
      if (holdsThreads(F->getType()))
        Out.push_back(F->getNameAsString());
  return Out;
}

bool hasCallableMember(const CXXRecordDecl *RD) {
  RD = RD->getDefinition();
  return RD && llvm::any_of(RD->fields(), [](const FieldDecl *F) {
           return holds(F->getType(), isCallableWrapper);
         });
}

void readWork(const SourceManager &SM, const CXXMethodDecl *MD,
              MethodFacts &M) {
  const Stmt *Body = MD->getBody();
  WorkReader(SM, MD, M).TraverseStmt(const_cast<Stmt *>(Body));
  RunReader Runs(/*IntoLambdas=*/false);
  Runs.TraverseStmt(const_cast<Stmt *>(Body));
  if (Runs.First) {
    M.RunsFrom = Runs.First.F->getNameAsString();
    M.RunKey = Runs.First.Key;
    M.RunSelected = Runs.First.Key < 0 && Runs.Selected;
    M.RunReversed = Runs.First.Reversed;
    if (M.RunSelected) {
      M.RunKey = Runs.SelectParam;
      M.RunKeyField = Runs.SelectField;
    }
    M.RunSite = spotOf(SM, Runs.Site->getExprLoc());
  }
}

void readRuns(const Stmt *Body, std::set<std::string> &Runs) {
  RunReader R(/*IntoLambdas=*/true);
  R.TraverseStmt(const_cast<Stmt *>(Body));
  Runs.insert(R.Runs.begin(), R.Runs.end());
}

} // namespace errlint
