//===- FunctionAnalysis.h - The typestate over one function body --*- C++ -*-===//
//
// FunctionAnalysis runs the forward may-analysis over one function's CFG
// and computes its summary. Its parts live in the files named after them:
// the driver and the store updates (FunctionAnalysis.cpp), the transfer of
// statements and calls (Transfer.cpp), threads and locks (Threads.cpp),
// branch conditions (Conditions.cpp) and what it reports (Reporting.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_TYPESTATE_FUNCTIONANALYSIS_H
#define ERRLINT_TYPESTATE_FUNCTIONANALYSIS_H

#include "typestate/AccessPath.h"
#include "typestate/Context.h"
#include "typestate/Handler.h"
#include "typestate/Lattice.h"
#include "typestate/Summary.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace errlint {
namespace typestate {

using namespace clang;

using Context = TypestateAnalyzer::Context;

/// The fields of the struct Def returns that hold one constant on every
/// return (`return Status(Code::Rejected, 0, m);`).
std::map<const clang::FieldDecl *, Fact>
resultFieldsOf(const clang::FunctionDecl *Def, Context &C);
/// The fields of the struct Def returns that hold one of its parameters
/// (`Status::Error(Code code, std::string m)` returning `Status(code,
/// std::move(m))`): the parameter, for the callers that pass a constant.
std::map<const clang::FieldDecl *, unsigned>
paramFieldsOf(const clang::FunctionDecl *Def);

/// A fact a branch condition teaches about a local variable.
struct CondFact {
  const void *Var; ///< A local VarDecl, or a call whose result is tested.
  std::optional<Fact> IfTrue, IfFalse;
};

/// What a condition tests the value of: a local scalar variable, or the
/// result of a call (`if (!connect(sock))`).
/// A local variable (or parameter) whose value only this function changes.
const clang::VarDecl *localScalar(const clang::Expr *E);
/// What a condition tests the value of: a local scalar variable, or the
/// result of a call (`if (!connect(sock))`).
const void *factSubject(const clang::Expr *E);
bool isValueContainer(clang::QualType T);
/// A standard container's `size()` method.
const clang::CXXMethodDecl *sizeMethod(const clang::CXXRecordDecl *RD);
/// What `if (E)` tests for an object that converts to bool (an error code).
const void *truthSubject(const clang::Expr *E);
/// What a state's name says about the object: true when it says open,
/// false when it says closed, none otherwise. A hint only.
std::optional<bool> nameSaysOpen(llvm::StringRef Name);
/// A call that reports whether its object is open: the object and whether
/// a true result means open.
std::optional<std::pair<const clang::Expr *, bool>>
stateQuery(const clang::Expr *E);
/// True for a class type whose objects are tested as conditions: it
/// converts to bool (`std::error_code`, `std::optional`, a user's Status).
bool convertsToBool(QualType T);
/// An object of a standard type that is false when tested: a
/// default-constructed or empty std::error_code, std::optional,
/// std::unique_ptr, std::shared_ptr or std::function (`return {};`).
bool isEmptyValue(const Expr *E);
/// `c.state()`: a user class's accessor returning an enumeration.
const clang::Expr *stateEnumObject(const clang::Expr *E);
/// What an enumerator's name says: `Closed` false, `Open` true.
std::optional<bool> enumeratorSaysOpen(const clang::Expr *E,
                                       const clang::CXXMethodDecl *Accessor);
/// The accessor `c.state()` calls, when it is one (stateEnumObject).
const clang::CXXMethodDecl *stateEnumAccessor(const clang::Expr *E);

struct Invocation {
  const FunctionDecl *Callee = nullptr;
  const Expr *This = nullptr;
  bool LambdaThis = false; ///< A lambda: its `this` is the caller's.
  std::vector<const Expr *> Args;
  bool DecayCopies = false; ///< std::thread and std::async copy arguments.
  /// A constructor's object, named by the caller (`Watchdog dog(...)`).
  std::optional<Path> ThisPath;
  /// An object the caller never names (a step made by
  /// `std::make_unique<Flush>(log)`): what its members were bound to by its
  /// constructor, the member and the argument given for it. Effects on its
  /// other members are its own.
  std::vector<std::pair<const FieldDecl *, const Expr *>> Members;
};

Invocation invocationOf(const CallExpr *Call, const FunctionDecl *Callee);
/// The argument Inv.Members gives for the member of `this` R starts with.
const Expr *boundMember(const Invocation &Inv, const RootRef &R);

/// A use E records (a TaskUse, a CallableUse, a Registers), of the object
/// at P here.
TaskUse taskUseOf(const Effect &E, const Path &P);

struct StartInfo {
  const Expr *Start = nullptr;
  std::string What;
  const Expr *Callable = nullptr;
  std::vector<const Expr *> Args;
};

std::optional<StartInfo> startOf(const Expr *E, ASTContext &Ctx);

/// True when Body joins or awaits (join(), get(), wait()) an object that
/// IsHandle accepts.
template <class Pred> bool waitsIn(const Stmt *Body, Pred IsHandle) {
  llvm::SmallVector<const Stmt *, 32> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(St)) {
      const CXXMethodDecl *MD = MCE->getMethodDecl();
      if (MD && MD->getIdentifier() &&
          llvm::is_contained({"join", "get", "wait"}, MD->getName()) &&
          IsHandle(MCE->getImplicitObjectArgument()))
        return true;
    }
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
  }
  return false;
}

/// For `f()` where f is a std::function (or a variable) initialized from a
/// lambda: that lambda's call operator.
const FunctionDecl *lambdaBehind(const CallExpr *Call);

/// The members an object's construction gives a lambda to keep: the
/// constructor initializes them from a parameter the construction passes a
/// lambda (or a local holding one). Construction is the object's
/// initializer; empty when it is not a constructor call.
Bindings heldLambdas(const Expr *Construction);
/// The lambda an expression gives: a lambda, a conversion of one (to a
/// std::function), or a local variable initialized with one.
const FunctionDecl *lambdaGiven(const Expr *E);
/// The parameter a pointer-like member's initializer binds it to
/// (`producer_(std::move(producer))`, `conn_(c)`).
const ParmVarDecl *boundParameter(const CXXCtorInitializer *CI);
/// The parameter a member initializer keeps (`fn_(std::move(fn))`).
const ParmVarDecl *keptParameter(const Expr *Init);
/// A struct of plain fields passed by value (an aggregate without bases):
/// its fields are what its initializer list gives them.
const RecordDecl *plainStruct(QualType T);
/// The constructor of Made that a call forwarding NumArgs arguments runs
/// (`make_unique`, an optional's `emplace`): the only one taking that many
/// that is not a copy or a move; none when overloads leave it open.
const CXXConstructorDecl *forwardedConstructor(const CXXRecordDecl *Made,
                                               unsigned NumArgs);
/// A class with an operator(): std::function, a lambda's, a functor.
bool isCallableRecord(QualType T);
/// The index of FD's callable parameter (a std::function, a function
/// pointer: not a lambda's own type, whose call a template instantiation
/// resolves itself) that Call invokes: `step()`, `fn(x)`, `std::invoke(fn)`.
std::optional<unsigned> invokedParameter(const FunctionDecl *FD,
                                         const CallExpr *Call);
/// The callable member of `this` a call calls (`fn_()`), if it is one.
const FieldDecl *calledMember(const CallExpr *Call);

/// What a pointer-like initializer points to: `&x`, another pointer or
/// smart pointer, `sp.get()`; none for a fresh object.
std::optional<Path> pointeeOf(const Expr *Init);

/// The call a block ends with, when the CFG gave it an exception edge.
const CallExpr *throwingCall(const CFGBlock &From);

/// Runs the typestate over one function body.
class FunctionAnalysis {
public:
  FunctionAnalysis(Context &C, const FunctionDecl *FD, const Bindings &B,
                   bool Report)
      : C(C), FD(FD), B(B), Report(Report) {
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      if (MD->getParent()->isLambda())
        Lambda = MD->getParent();
  }

  /// Runs the analysis; returns the function's summary.
  Summary run();

private:
  // Transfer functions.
  void transfer(const CFGBlock &Blk, State &S);
  void transferCall(const CallExpr *Call, State &S);
  bool onlyBinds(const FunctionDecl *Def);
  void transferUnknownCall(const CallExpr *Call, const FunctionDecl *Callee,
                           State &S);
  void applyOwnAssignment(const clang::CXXOperatorCallExpr *OCE, State &S);
  bool appendsStep(const clang::CXXMethodDecl *MD) const;
  void noteRunsMember(const CallExpr *Call, State &S);
  void forgetAccessorResults(const CallExpr *Call, const FunctionDecl *Callee,
                             const Invocation &Inv, State &S);
  /// A constructor's Keeps effects: the parameters its callable members
  /// keep.
  void exportKeeps();
  /// The lambdas an object constructed by Construction keeps in its
  /// callable members: from the constructor's body, or its summary in
  /// another unit.
  Bindings lambdasKeptBy(const Expr *Construction);
  /// Runs the lambda L an object's member holds where the object's code
  /// calls it (Runs effect E of the destructor at Site).
  void runKeptLambda(const FunctionDecl *L, const Expr *Site, bool Must,
                     State &S);
  bool onlyCallsMethodsOn(const FunctionDecl *Callee, unsigned I);
  /// The arguments a call may change (by non-const reference, pointer,
  /// smart pointer), Args[0] being Callee's parameter FirstParam.
  void transferArgs(const FunctionDecl *Callee, const Expr *const *Args,
                    unsigned NumArgs, State &S, unsigned FirstParam = 0);
  /// `on_fix(lat, lon)` of a local std::function a factory's call
  /// initialized: what the callable it returned uses and closes, on what
  /// the factory was given. False when the call is not one.
  bool callFactoryCallable(const CallExpr *Call, State &S);
  /// A method this function calls on the local guard Member starts with
  /// empties Member (`park.dismiss()` setting `fn_` to null).
  bool emptiedHere(const Path &Member);
  /// The call whose arguments name the objects effects reach, when not the
  /// call applied (calleeRootName).
  const CallExpr *NamingCall = nullptr;
  void applySummary(const CallExpr *Call, const FunctionDecl *Callee,
                    const Summary &Sum, State &S);
  /// Sum's effects at Call, its roots mapped through Inv. Nested: a second
  /// summary applied at the same call (a lambda it runs), which keeps what
  /// the first left for the call's handlers and result.
  void applyInvocation(const CallExpr *Call, const FunctionDecl *Callee,
                       const Invocation &Inv, const Summary &Sum, State &S,
                       bool Nested);
  /// The lambdas a callee runs inside the call (its Invokes effects): their
  /// summaries apply at Call, after the callee's own. A callable parameter
  /// of this function handed on is invoked here (for this summary).
  void applyInvoked(const CallExpr *Call, const Invocation &Inv,
                    const Summary &Sum, State &S);
  /// With InArguments, L is the callee of Call, whose summary holds what
  /// lambdas written in Call's arguments did when it called them (a
  /// template's `fn()`): those uses and closes only are applied at the
  /// calls written in the lambdas.
  void runInvokedLambda(const CallExpr *Call, const FunctionDecl *L,
                        const Invocation &Inv, const Summary &Sum, State &S,
                        bool InArguments = false);
  /// The bodies of the lambdas written in Call's arguments.
  llvm::SmallVector<const Stmt *, 2> argumentLambdaBodies(const CallExpr *Call) const;
  /// The call written in one of Bodies that made E (a use or a close).
  const CallExpr *writtenIn(const Effect &E,
                            llvm::ArrayRef<const Stmt *> Bodies) const;
  /// Invokes effects: the calls of each callable parameter this function
  /// makes (directly, or through a callee that invokes it on every path),
  /// and the parameters only some callee may invoke.
  std::map<unsigned, llvm::SmallVector<const CallExpr *, 2>> InvokeSites;
  std::set<unsigned> MayInvoke;
  /// Parameters (containers) whose every element's callable a range-for
  /// over them invokes, in order (`for (auto &step : steps) step.run();`).
  std::set<unsigned> InvokesElements;
  /// ...and stops at the first that returns false (`if (!step.fn())
  /// return false;`): a step's closes made only when it fails end the run.
  std::set<unsigned> StopsOnFalse;
  std::optional<unsigned> invokedElementParameter(const CallExpr *Call);
  bool endsRunWhenFalse(const CallExpr *Call) const;
  /// The lambdas an argument lists, in order: `{{"a", [&] {...}}, ...}`,
  /// or a local container of steps built before Call, from its initializer
  /// and the `push_back`/`emplace_back` calls on it.
  std::vector<const FunctionDecl *>
  listedLambdas(const Expr *Arg, const Stmt *Until,
                const FunctionDecl *In = nullptr) const;
  /// The elements of such a list as Take accepts them (a lambda, an object
  /// made for the list): false when it refuses one, or the list is handed
  /// to something else or changed in a way errlint cannot follow.
  bool listedElements(const Expr *Arg, const Stmt *Until, const FunctionDecl *In,
                      llvm::function_ref<bool(const Expr *)> Take) const;
  /// `for (auto &step : steps) step->run(site);` over a local list of
  /// objects of the user's classes, made for it (`steps.push_back(
  /// std::make_unique<FlushLog>(log))`): each element's override of the
  /// virtual method runs, in order, on the call's arguments and on what
  /// its constructor bound its members to.
  void runObjectSteps(const Expr *Range, const CXXForRangeStmt *FR,
                      const CXXMemberCallExpr *Run, State &S);
  /// Runs Virtual's override of each object the list List names before
  /// Until (a local built with `push_back(std::make_unique<X>(...))`) at
  /// Anchor, on RunArgs: false when the list is not one of those.
  bool runListedObjects(const Expr *List, const Stmt *Until,
                        const CallExpr *Anchor,
                        const clang::CXXMethodDecl *Virtual,
                        llvm::ArrayRef<const Expr *> RunArgs, State &S);
  const clang::CXXMethodDecl *elementMethodRun(const FunctionDecl *F,
                                               unsigned Param) const;
  /// `for (Step &s : steps) s.run();` over a list of steps built here, or
  /// returned by a function this unit defines (`for (auto &s : plan(x))`):
  /// every step runs, in order, where the loop starts (RangeVar is its
  /// range variable), each seeing what the ones before it closed.
  void runLoopSteps(const VarDecl *RangeVar, State &S);
  /// A step's effects that Keep accepts, without those on its own
  /// parameters; none when it has no summary.
  std::optional<Summary>
  stepEffects(const FunctionDecl *L,
              llvm::function_ref<bool(const Effect &)> Keep);
  /// `return plan;` of a local list of steps: runs them in order on a copy
  /// of S, reporting what the steps do to one another.
  void runReturnedSteps(const ReturnStmt *RS, const State &S);
  /// The call of each element's callable a range-for's body makes.
  const CallExpr *stepCallIn(const CXXForRangeStmt *FR) const;
  /// What every call of the parameter made here knew of entry values
  /// (`if (ran_) hook();`): a caller that does not know it ran the hook.
  std::map<unsigned, Facts> InvokeEntry;
  void noteInvokeSite(unsigned Param, const CallExpr *Call, const State &S);
  void exportInvokes(const CFG &G);
  void exportFailsIfClosed(const State &S, const CFGBlock &Blk);
  llvm::SmallVector<const CXXTryStmt *, 2> triesAround(const Stmt *St) const;
  bool refusalCaught(const CallExpr *Call, const Effect &E) const;
  bool clearsErrorCode(const CallExpr *Call, State &S) const;
  void destroyReplaced(const Expr *Ptr, const CallExpr *Site, State &S);
  void initializeFlag(const Path &Member, const clang::CXXCtorInitializer *CI,
                      State &S);
  /// A local this function neither assigns nor resizes (it may read it,
  /// iterate it, capture it): a snapshot of what it was copied from.
  bool snapshotUnchanged(const VarDecl *VD) const;
  void applyRole(const CallExpr *Call, const CallRole &CR, State &S);
  /// A reopen (Call) that returns early after the closes that closed K
  /// (Profile::ReopenNotAfter): K stays closed by those. True when it does
  /// nothing to K.
  /// A reopen that opens only when it returns true: the object stays
  /// closed where it returned false.
  /// `std::move(p)` given to a smart pointer's move constructor or move
  /// assignment: p holds nothing after it (its destructor runs nothing).
  void emptyMovedFrom(const clang::Expr *Arg, State &S);
  /// By-value parameters of class type that Call moves the caller's
  /// objects into and Target keeps to its end: destroyed as the call ends.
  void destroyMovedInParameters(const clang::CallExpr *Call,
                                const clang::FunctionDecl *Target, State &S);
  bool reopensOnlyIfTrue(const CallExpr *Call, const Key &K, State &S);
  bool ownMember(const Path &P, const Path &Object, const Path &Suffix,
                 const State &S) const;
  /// The value this use of an object under Profile returns where it is
  /// closed (Profile::UseFailsWithOf), for a result of integral type.
  std::optional<int64_t> failsWithOf(const CallExpr *Call,
                                     unsigned Profile) const;
  /// Some profile of Handle's object says Call closes it only where it
  /// returns true (Profile::CloseIfTrue).
  /// The bool field of its struct result a protocol close says it closed
  /// by (Profile::CloseIfField), or empty.
  llvm::StringRef closesOnlyIfField(const clang::CallExpr *Call,
                                    const clang::Expr *Handle) const;
  /// The verdict of its result a protocol's close closes only with
  /// (Profile::CloseIfVerdict).
  std::optional<VerdictOutcome> closesOnlyIfVerdict(const clang::CallExpr *Call,
                                                    const clang::Expr *Handle) const;
  /// The verdict the profile's Table (CloseIfVerdict, ReopenIfVerdict)
  /// gives Call's method, resolved here: none when its paths disagree.
  std::optional<VerdictOutcome> onlyIfVerdict(
      const clang::CallExpr *Call, const clang::Expr *Handle,
      std::map<std::string, std::vector<VerdictOutcome>> Profile::*Table) const;
  /// A reopen that opens only where its result has one verdict
  /// (Profile::ReopenIfVerdict), of an object closed here: it stays closed
  /// where the result says otherwise.
  bool reopensOnlyIfVerdict(const CallExpr *Call, const Expr *Handle,
                            const Key &K, State &S);
  std::optional<VerdictOutcome> factoryVerdict(const clang::CXXRecordDecl *RD,
                                               llvm::StringRef Name) const;
  /// A result class's verdict query defined in another unit (`bool
  /// Status::ok() const;` in status.cpp): the field its summary says it
  /// tests, and the test that makes it true.
  struct ImportedVerdict {
    const clang::CXXMethodDecl *Query;
    const clang::FieldDecl *Field;
    Fact True;
  };
  std::optional<ImportedVerdict>
  importedVerdict(const clang::CXXRecordDecl *RD) const;
  /// The subject and fact that say Call's result has (Holds) or has not
  /// the verdict V: the verdict query's own, or the field an imported
  /// query tests.
  std::optional<std::pair<const void *, Fact>>
  verdictCond(const CallExpr *Call, const VerdictOutcome &V, bool Holds) const;
  /// Or, given Profile::CloseIfFalse, only where it returns false.
  bool closesOnlyIfTrue(
      const CallExpr *Call, const Expr *Handle,
      std::vector<std::string> Profile::*Table = &Profile::CloseIfTrue) const;
  bool reopensIfTrue(const CallExpr *Call, const Key &K) const;
  bool reopenDoesNothing(const CallExpr *Call, const Key &K, State &S);
  /// Checked against the running tasks unless Checker, a method of this
  /// class called on `this`, checks its own closes against them.
  /// RaceChecked: a close on a call's exception edge, whose race is the
  /// one its normal path is checked for.
  void closeKey(const Key &K, const Expr *Site, bool Must,
                const std::string &Name, State &S,
                const FunctionDecl *Checker = nullptr,
                bool RaceChecked = false);
  /// The objects copies outside Container share with its elements are
  /// reached through those copies only (the elements were removed).
  void detachElementCopies(const Path &Container, State &S);
  /// Tells the callers that the object K reached from their side is open
  /// again (a Reset effect under K's profile).
  void recordReopen(const Key &K, const State &S);
  /// The reopen Call makes closes the object first on every path, as its
  /// summary says (`connect()` starting with `close()`).
  bool closesBeforeReopening(const CallExpr *Call, const Key &K) const;
  /// `f = fdopen(fd, "w")`: what the stream at Owner owns from now on.
  void noteAdoption(const Path &Owner, const Expr *Init, State &S);
  /// The handle's close Before that a close of K, what that handle lends
  /// (`close(fileno(fp))`, then `fclose(fp)`), must count as made first;
  /// and for K lent by a handle, the handle's own close.
  std::map<Key, Closed>::iterator lenderClosed(const Key &K, State &S);
  std::optional<std::pair<Key, Closed>> lentClosed(const Key &K,
                                                   const State &S) const;
  /// CalleePre: the flags a callee's use needs, in this function's entry
  /// names; a use the caller must know of carries them too.
  void useKey(const Key &K, const CallExpr *Call, const Expr *InnerUse,
              const std::string &Name, State &S, bool FromSummary = false,
              const Location *RemoteUse = nullptr,
              const std::vector<std::pair<RootRef, Fact>> &CalleePre = {});
  void bindAlias(const Path &Pointer, const Expr *Init, State &S);
  /// `int peer = conn.fd;`: Var names the descriptor Init names.
  /// The flags this function writes: their value on every normal return
  /// (Sets), or forgotten where the paths disagree (Reset).
  void exportWritten(const State &Exit);
  /// A callee wrote Flag on some paths: what was known of its value is
  /// not, while what each close left it at (the keys' conditions) still
  /// tells where that object is closed.
  void forgetFlag(const Path &Flag, State &S);
  /// What a destructor run here leaves in the flags of the objects it
  /// reaches (`~CloseGuard` closing its connection sets the connection's
  /// closed_), for a later destructor's `if (!closed_) close();`.
  void applyDestructorFlags(
      const Summary &Sum,
      llvm::function_ref<std::optional<Path>(const RootRef &)> Map, State &S);
  void bindCopy(const Path &Var, const Expr *Init, State &S);
  /// P gets a new value: the integer copies made of it keep what P held
  /// (its closes) and stop following P.
  static bool waitedBy(const Task &T, const Path &Waited);
  void noteSwappedThreads(const Expr *A, const Expr *B, State &S);
  std::optional<Path> takenThread(const clang::Expr *Init,
                                  const State &S) const;
  void splitCopies(const Path &P, State &S);
  /// A callee assigned P (or, when OrEqual, what it holds): the int copies
  /// of descriptors there keep the old ones (`int old = up_.fd();
  /// up_ = Socket(fresh); ::close(old);` closes the old descriptor).
  void splitIntCopiesUnder(const Path &P, bool OrEqual, State &S);
  bool transferSwap(const CallExpr *Call, State &S);
  /// `std::for_each(c.begin(), c.end(), [&](auto &e) { ... })` and the
  /// other algorithms that call a lambda on each element of a range: the
  /// lambda runs here, on each element of the container.
  bool transferAlgorithm(const CallExpr *Call, State &S);
  /// `std::exchange(open, false)` of a bool or enum flag: the result is the
  /// flag's old value (what the closes knew of it), then the flag is set.
  bool exchangeFlag(const CallExpr *Call, State &S);
  /// `closed_.store(true)`, `closed_.exchange(true)` on a std::atomic
  /// flag: an assignment of its argument.
  bool transferAtomicStore(const CallExpr *Call, State &S);
  /// `running_.exchange(false)` read where running_ had not been assigned:
  /// the call's result is the value the member held on entry, so a test of
  /// it (`if (!running_.exchange(false)) return;`) is one of the entry.
  llvm::DenseMap<const void *, const void *> ExchangedEntry;
  /// Uses whose result says whether they failed (`send()` returning -1 on
  /// a closed descriptor), by call: where a test of the result shows the
  /// call succeeded, the object was open (the caller learns ProvesOpen).
  std::map<const void *, std::vector<std::pair<Key, int64_t>>> FailingUses;
  /// Before pointer P is rebound (`primary = make_shared<Conn>()`): when P
  /// denotes its object itself and another pointer aliases it (`auto
  /// reporter = primary;`), that pointer keeps the object and all that is
  /// known of it. True when one did.
  bool rehome(const Path &P, State &S);
  /// True when another path this function sees points where P does.
  bool rehomes(const Path &P, const State &S) const;
  /// The member flags Cl's close is known to go with, for the summary.
  std::vector<std::pair<RootRef, Fact>> flagsWhileClosed(const Closed &Cl) const;
  /// A callee's close (or one on its way out by an exception) went with
  /// While: the caller's state of K, closed by Call alone, keeps it.
  /// A callee's Pre in this function's subjects (constants left out).
  std::vector<std::pair<const void *, Fact>>
  preSubjects(const std::vector<std::pair<RootRef, Fact>> &Pre,
              const Invocation &Inv, const State &S) const;
  /// True when every fact of Pre is known to hold here: a constant
  /// argument, what this function knows, or what held where the object
  /// was closed before (Before).
  bool preHolds(const std::vector<std::pair<RootRef, Fact>> &Pre,
                const std::vector<std::pair<const void *, Fact>> &PreHere,
                const Invocation &Inv,
                std::map<Key, Closed>::const_iterator Before,
                const State &S) const;
  /// True when Subject is known to satisfy F here.
  bool factHolds(const void *Subject, const Fact &F, const State &S) const;
  void applyRoleMethodSets(const CallExpr *Call, State &S);
  /// A role close whose code writes its flags only under conditions the
  /// caller's facts exclude (`if (!primed_) return;` on an object built
  /// unprimed): it changes nothing here, and closes nothing.
  bool roleCloseDoesNothing(const CallExpr *Call, const State &S);
  /// What a callee's MustIfPre close found when the call was made, before
  /// the callee's resets and flag sets change what the caller knows.
  struct PreOnEntry {
    bool Held = false;         ///< Every precondition held.
    bool Excluded = false;     ///< The caller knew one of them false.
    bool CallersEntry = false; ///< See noteCloseNeeds().
  };
  PreOnEntry preOnEntry(const Effect &E, const Invocation &Inv, const Key &K,
                        const State &S) const;
  /// True when Pre is one flag whose value here is still the caller's entry
  /// value (neither assigned nor learned on this path).
  bool callersEntry(const std::vector<std::pair<const void *, Fact>> &Pre,
                    const State &S) const;
  void noteCloseNeeds(const Key &K, const clang::CallExpr *Call,
                      const std::vector<std::pair<const void *, Fact>> &Pre,
                      State &S, bool CallersEntry) const;
  void noteCloseNeedsEntry(
      Closed &Cl, const std::vector<std::pair<const void *, Fact>> &Pre) const;
  void applyCloses(const CallExpr *Call, const FunctionDecl *Callee,
                   const Invocation &Inv, const Summary &Sum,
                   const std::map<const Effect *, PreOnEntry> &PreHeldOnEntry,
                   State &S,
                   llvm::function_ref<bool(const Effect &)> Which = nullptr);
  /// The member flags a callee's summary says it sets on every return.
  void applySets(const Invocation &Inv, const Summary &Sum, State &S);
  void noteClosedWhile(const Key &K, const CallExpr *Call,
                       const std::vector<std::pair<RootRef, Fact>> &While,
                       const Invocation &Inv, State &S);
  /// The pointer-like P now points elsewhere: another owner keeps what is
  /// known of the old object (rehome), nothing is known through P, and a
  /// member the caller can see is reported rebound (Effect::Rebinds).
  void rebind(const Path &P, State &S);
  void rebindMembersOfReopen(const clang::CallExpr *Call, State &S);
  void closeMembersOfRoleClose(const clang::CallExpr *Call, const Key &Object,
                               State &S);
  /// The closes of what P denotes before it is replaced (with Elements,
  /// of the elements below P a container's clear() drops), as Prior
  /// effects the caller applies first.
  void recordPriorCloses(const Path &P, State &S, bool Elements = false);
  bool openOnlyWherePreFails(const Closed &Cl) const;
  void assignTo(const Expr *LHS, const Expr *RHS, State &S);
  /// `Journal copy = journal;` with the compiler's copy constructor of a
  /// class whose own destructor releases what it holds: the copy's raw
  /// handle members (pointers, descriptors) hold the same handles, so its
  /// destruction closes what the original still uses (the rule of three).
  void bindMemberwiseCopy(const Path &Obj, const CXXConstructExpr *CE,
                          State &S);
  /// Arguments passed by value as such copies: destroyed when the call's
  /// full expression ends, which closes the original's handles.
  void destroyArgumentCopies(const CallExpr *Call, State &S);
  /// `close(); fd_ = dial();` in a method of the class: its own code gives
  /// the member its protocol reads the closed state from an open value
  /// (Profile::StateField), so the object is open again.
  void reopenByStateField(const Path &Member, const Expr *RHS, State &S);
  void reopenKey(const Key &K, State &S);
  void learnInitialized(const Path &Obj, const FieldDecl *F, const Expr *Init,
                        const Stmt *Body, State &S);
  void bindConstructedMembers(const Path &Obj, const CXXConstructorDecl *Ctor,
                              llvm::ArrayRef<const Expr *> Args, State &S);
  /// The member at Suffix of Obj (pointer-like or a reference) now points
  /// at what Arg, given for a parameter of ParamType, points at.
  void bindMemberTo(const Path &Obj, const Path &Suffix, QualType ParamType,
                    const Expr *Arg, State &S);
  /// What a constructor binds to its parameters: each pointer-like or
  /// reference member, by its path from the object (through members the
  /// constructor builds from its parameters in turn), and the parameter it
  /// points at. From the body when this unit has it, else from the Keeps
  /// effects the defining unit exported.
  std::vector<std::pair<Path, unsigned>>
  constructorBindings(const CXXConstructorDecl *Ctor, unsigned Depth);
  /// `p = std::make_unique<Bus>(producer)`: what the made object's
  /// constructor binds its members to.
  void bindElementMembers(const VarDecl *Container, State &S);
  void bindMadeMembers(const Path &Ptr, const Expr *Init, State &S);
  /// The integral member flags Ctor leaves at a constant, learned for Obj.
  void learnConstructedFlags(const Path &Obj, const CXXConstructorDecl *Ctor,
                             State &S);
  void bindConstructedMembers(const Path &Obj, const CXXConstructExpr *CE,
                              State &S);
  /// The callables Ctor hands to registries it is given, kept there once
  /// the object at Obj is made (Site: the construction).
  void applyConstructorRegistrations(const Path &Obj,
                                     const CXXConstructorDecl *Ctor,
                                     llvm::ArrayRef<const Expr *> Args,
                                     const Expr *Site, State &S);
  void learnAssigned(const Expr *LHS, const Expr *RHS, State &S);
  /// The call cannot throw: a C or `noexcept` function, or one whose code
  /// throws nothing.
  bool cannotThrowHere(const CallExpr *Call) const;
  /// What is known of the values below Prefix (and of the objects closed
  /// where they held) no longer holds.
  void forgetFacts(State &S, const Path &Prefix, bool OrEqual);
  /// The state a try's dispatch passes out of the function: the objects
  /// closed where what was thrown may get past every handler of Try.
  State uncaughtBy(const CXXTryStmt *Try, const State &S) const;
  /// What leaves the function by an exit edge of Blk: what its call may
  /// throw, or its throw expression's class (a rethrow: its handler's).
  std::optional<std::set<const void *>> thrownOut(const CFGBlock &Blk,
                                                  bool Throws);
  std::optional<std::map<const CXXThrowExpr *, const CXXCatchStmt *>>
      RethrowFrom;
  /// Keys the block's throwing call closed on its exception edge with what
  /// its summary says the closing paths throw (applyThrowCloses).
  std::set<Key> TypedThrowKeys;
  bool rethrowReaches(const CXXTryStmt *Try, const Context::Rethrown &R,
                      const CXXCatchStmt *Catch) const;
  /// A callee's use of any element of a container (K has an element but no
  /// key) where the caller knows one element closed: that one, maybe.
  std::optional<Closed> closedElementOf(const Key &K, const State &S) const;
  /// The value of Subject is F from here on, as an assignment would make it
  /// (its caller learns it too when it is a member).
  void learnValue(const void *Subject, Fact F, State &S);
  void copyCallFacts(const void *Result, const void *Var, State &S);
  /// Grows: by an unknown amount of at least Delta (only lower bounds
  /// survive).
  void step(const Expr *Var, int64_t Delta, State &S, bool Grows = false);
  void forget(State &S, const Path &Prefix, bool OrEqual);
  void forgetKeyedBy(const VarDecl *VD, State &S);
  Path resolveAliases(Path P, const State &S) const;
  Path eachElementPath(Path P, const State &S) const;
  static std::optional<Path> someElementPath(const Path &P,
                                             const VarDecl *VD);
  void enterIteration(const VarDecl *LoopVar, State &S);
  void forgetTaskObjects(const Path &P, State &S);
  std::map<Key, Facts>
  condsExcluding(const std::vector<std::pair<RootRef, Fact>> &Pre,
                 const Invocation &Inv, const Path &Prefix,
                 const State &S) const;
  /// A loop over a container starts its next iteration: what its body did
  /// to the element before was another element.
  void enterElement(const Path &Range, const Stmt *Body, State &S);
  /// What is known closed of K's object: its own state, or for the element
  /// at a key (`m.at(id)`) that of every element (a range-for closed each).
  std::map<Key, Closed>::iterator closedState(const Key &K, State &S);
  /// For the element of a range-for (Handle reaches the loop's variable):
  /// a close of the element at a key of the same container, made before
  /// the loop, which the loop visits too; null when none or when the
  /// loop's body tells elements apart.
  std::optional<Closed> closedAtVisitedKey(const Key &K, const Expr *Handle,
                                           State &S);
  bool applyEdge(const CFGBlock &From, unsigned SuccIdx, State &S);
  /// The edges out of Value, a block that only computes a logical
  /// operator's value from its operands' blocks (`if (x &&
  /// std::exchange(armed, false))`), taken straight from From, the
  /// operand's block the path came through: what that path knows is not
  /// joined with the other operand's path first. False when Value is not
  /// such a block (or From not such an operand's block); else every edge
  /// went to Propagate.
  bool threadShortCircuit(
      const CFGBlock &From, const CFGBlock &Value, const CFG &G,
      const State &Edge,
      llvm::function_ref<void(const CFGBlock *, State &&)> Propagate);
  /// applyEdge() learns as the logical operator's branch it threads
  /// (only its right operand decides), not as its value.
  bool ThreadedEdge = false;

  // Paths.
  std::optional<Path> pathOf(const Expr *E, const State &S) const;
  Path resolve(Path P, const State &S) const;
  std::optional<Effect> entryRoot(const Path &P) const;
  /// The caller's paths of the mutexes a callee's effect names.
  std::set<Path> mappedLocks(llvm::ArrayRef<RootRef> Locks,
                             const Invocation &Inv, const State &S) const;
  std::optional<Path> mapRoot(const Invocation &Inv, const RootRef &R,
                              const State &S) const;
  std::optional<RootRef> asEntryRoot(const Path &P) const;

  // Threads and tasks.
  bool transferThreadCall(const CallExpr *Call, State &S);
  /// A submit of a pool whose uses throw once it is shut down, on a pool
  /// shut down on every path to Call: it throws instead of queueing.
  bool submitThrowsHere(const CallExpr *Call, const State &S) const;
  // Callbacks.cpp: callables an object keeps and calls later.
  void replaceOptionalValue(const CallExpr *Call, const Expr *Obj,
                            StringRef Op, llvm::ArrayRef<const Expr *> Args,
                            State &S);
  void transferCallbacks(const CallExpr *Call, State &S);
  void keepCallable(const CallExpr *Call, const InferredRegistry::Role &Role,
                    const Path &Obj, State &S);
  void runCallables(const CallExpr *Call, const InferredRegistry::Role &Role,
                    const Path &Obj, State &S);
  /// The closes the run method Call calls makes on every path before the
  /// call that runs the callables (Role's site), applied to Before (a copy
  /// of S): false when it makes none there.
  bool closesBeforeRun(const CallExpr *Call, const InferredRegistry::Role &Role,
                       const State &S, State &Before);
  /// The run call whose callables run after the closes it made first.
  const CallExpr *RunAfterOwnCloses = nullptr;
  void dropCallables(const CallExpr *Call, const InferredRegistry::Role &Role,
                     const Path &Obj, State &S);
  void forgetCallablesOf(const Path &Obj, State &S);
  /// P is rebound: the kept callables' uses through pointers of their own
  /// that denoted what P did (TaskUse::Pinned) go on with that object, as
  /// P's prior path, with what was known of it.
  void pinKeptUses(const Path &P, State &S);
  /// Drops the kept callables Drops selects, on this path and (through
  /// State::DroppedKept) wherever it joins another.
  static void dropKept(
      State &S, llvm::function_ref<bool(const std::pair<Path, std::string> &,
                                        const KeptCallable &)>
                    Drops);
  /// A kept callable that runs into a closed object: the callable, its
  /// use, and the object's state there.
  using CallbackUse =
      std::tuple<const KeptCallable *, const TaskUse *, Closed>;
  /// Where a kept callable was handed over, here or in another unit.
  Location keptLocation(const KeptCallable &K) const;
  void reportCallbackUse(const CallExpr *Call,
                         const InferredRegistry::Role &Role,
                         const std::vector<CallbackUse> &Uses);
  std::optional<Task> buildTask(const StartInfo &SI, const State &S);
  std::optional<Task> factoryTask(const StartInfo &SI, const State &S);
  std::optional<RootRef> returnedCaptureRoot(const clang::LambdaExpr *LE,
                                             const RootRef &R,
                                             bool &Pinned) const;
  /// A function returning a lambda: what the lambda uses and closes, for
  /// the callers that keep or start it (CallableUse, CallableClose).
  void exportReturnedCallables();
  void startTask(const StartInfo &SI, std::optional<Path> Handle,
                 std::optional<Path> Executor, bool Detached, State &S);
  void noteStart(const Expr *Init, const Path &Handle, State &S);
  void exportSpawned(const State &Exit);
  void notePendingErrors(const CallExpr *Call, State &S);
  void failPendingOperations(const Path &Obj, Closed &Cl, State &S);
  void applySpawned(const CallExpr *Call, const Invocation &Inv,
                    const Summary &Sum, State &S);
  /// The tasks a call's callee left running: its own closes race with them
  /// inside the callee, which reports that itself.
  std::map<const CallExpr *, std::set<const Expr *>> SpawnedBy;
  /// Where a task's use is, and what it calls: in this unit or another.
  Location useLocation(const TaskUse &U) const;
  std::string useCallee(const TaskUse &U) const;
  template <class Pred> void endTasks(State &S, Pred Ends);
  void noteTaskCloseWhile(Task &T, const Key &K,
                          const std::vector<std::pair<RootRef, Fact>> &While,
                          const Invocation &Inv, const State &S);
  void endUnjoinable(const Expr *Cond, bool Value, State &S);
  void checkRace(const Key &K, const Expr *Site, const std::string &Name,
                 const State &S, const FunctionDecl *Checker = nullptr);
  bool seedsTask(const FunctionDecl *Method, const Task &T);
  void recordTaskUse(const Key &K, const Expr *Site, bool Guarded,
                     const std::vector<std::pair<Path, Fact>> &FlagPre,
                     const std::set<Path> &FlagLocks,
                     const std::set<Path> &Locks,
                     const std::set<Path> &Held,
                     const Location *Remote = nullptr);
  void release(State &S, const Path &Mutex);
  void acquire(const Path &LockVar, const Expr *Init, State &S);
  void destroyed(const VarDecl *VD, const Stmt *Trigger, State &S);
  void declare(const VarDecl *VD, State &S);
  /// Temporaries of classes with a destructor of the user's that are
  /// statements of their own (`FileGuard{f};`), each with the implicit
  /// variable that stands for it.
  llvm::DenseMap<const Stmt *, const VarDecl *> DiscardedTemporaries;
  void findDiscardedTemporaries(const Stmt *Body);
  const VarDecl *temporaryVar(const Expr *E);
  /// Temporaries of full expressions (findFullExprTemporaries()): built at
  /// their construction, destroyed once the full expression is evaluated.
  llvm::DenseMap<const Stmt *, const VarDecl *> BuiltTemporaries;
  llvm::DenseMap<const Stmt *, llvm::SmallVector<const VarDecl *, 1>>
      EndingTemporaries;
  void findFullExprTemporaries(const Stmt *Body);
  void destroyedMember(const FieldDecl *F, State &S);
  bool closesInside(const Context::EarlierClose &EC,
                    const clang::FunctionDecl *FD) const;
  /// Sum as a caller outside the callee's class sees it when the call has
  /// a role under the class's own protocol: without the recoveries of
  /// private members the class manages itself (Storage holds the copy when
  /// one is needed).
  const Summary *viewFromOutside(const clang::FunctionDecl *Callee,
                                 const Summary &Sum, Summary &Storage) const;
  void bindSetterMember(const CallExpr *Call, State &S);
  bool isElementKey(const Expr *Key, const Path &Element, const State &S) const;
  void elementGuards(const Path &P, const State &S, Facts &Entry);
  const llvm::DenseSet<const FieldDecl *> &writtenFields();
  std::optional<llvm::DenseSet<const FieldDecl *>> WrittenFields;
  const clang::Expr *firstSite(const Closed &Cl) const;
  Fact enumMeet(const void *Var, const Fact &Known, const Fact &Learned) const;
  void destroyedMember(const FieldDecl *F, SourceLocation At,
                       const std::string &What, State &S);
  void destroyAfterConstruction(State S);
  /// The expression standing for a member's destruction, per member.
  std::map<const FieldDecl *, const Expr *> MemberDtorSites;
  /// The preconditions of the callee's use being applied, as paths here.
  std::vector<std::pair<Path, Fact>> CalleeElementPre;
  /// The flags a callee's close said it left set (Effect::While), per key
  /// the call being applied closed: applySets() keeps them over the flags'
  /// values on every return, which the paths that did not close join in.
  std::map<Key, Facts> ClosedWhileNow;
  /// What E needs of flags on entry, as the caller names them (the flags
  /// of each element a close or use of every element needs).
  std::vector<std::pair<Path, Fact>> elementPre(const Effect &E,
                                                const Invocation &Inv,
                                                const State &S) const;
  /// The same for a by-value parameter destroyed when a call returns.
  std::map<std::pair<const CallExpr *, const ParmVarDecl *>, const Expr *>
      ParamDtorSites;
  /// A destructor another unit defines closes at Site: where, and its name.
  std::map<const Expr *, std::pair<const Location *, std::string>>
      RemoteDestructorClose;
  /// MayHoldNothing: Obj is a pointer null on some paths (its deleter runs
  /// on the others only).
  void applyDestruction(const Path &Obj, QualType T, const Expr *Site,
                        const std::string &What, SourceLocation At, State &S,
                        unsigned Depth = 0, bool MayHoldNothing = false);
  /// The members destroyed after an object's destructor body, last first.
  void destroyMembers(const Path &Obj, QualType T, const Expr *Site,
                      const std::string &What, SourceLocation At, State &S,
                      unsigned Depth);
  /// Closes made by a destructor or deleter: what ran it, and where.
  std::map<const Expr *, std::pair<std::string, SourceLocation>>
      Destructions;
  std::optional<Path> loopRange(const VarDecl *VD);
  void seedMemberTasks(State &Init);
  void seedSiblingTasks(const CXXMethodDecl *MD, State &Init);
  /// The member flag a thread body sets as its last action, past every
  /// use (`{ lock_guard lk(mu_); done_ = true; } cv_.notify_all();`), set
  /// nowhere else in it.
  const clang::FieldDecl *finishingFlag(const Stmt *Body) const;
  void transferConditionWait(const clang::CXXMemberCallExpr *MCE, State &S);
  /// A test (or a wait) that finds a thread's finishing flag set has seen
  /// the thread end, as a join would: its callers know it (Awaits).
  /// MD waits on a condition variable, and the member thread at Field has
  /// a finishing flag: MD was analyzed with the thread running.
  bool waitsForFinishingFlag(const clang::CXXMethodDecl *MD, const void *Field);
  /// `feed.finish()` where finish() waits for the finishing flag of the
  /// thread T runs on (`feed.worker_`): the method checked its closes
  /// against the thread itself.
  bool seedsObjectTask(const Expr *Site, const Task &T, const State &S);
  void noteFinishedThreads(const void *Subject, const Fact &Learned,
                           const State &S);
  /// The threads and executors of the caller's (noteFinishedThreads),
  /// exported as Awaits.
  std::set<Path> FlagAwaited;
  /// A member flag of RD the class keeps set exactly while its member
  /// thread at ThreadMember may run: every method that starts the thread
  /// sets it, and every other write of it joins the thread first. The
  /// flag's value while running, as a fact.
  std::optional<std::pair<const clang::FieldDecl *, Fact>>
  threadRunningFlag(const CXXRecordDecl *RD, const void *ThreadMember);
  /// A member thread seeded as running: where threadRunningFlag() names
  /// a flag, it runs only where the flag says so.
  void conditionOnRunningFlag(const CXXRecordDecl *RD, Task &T);
  /// True when this function's code reopens something (a call a profile
  /// names a reopen): it keeps what it closes in service.
  /// Start (a thread's construction) runs this function's code: the
  /// thread is this method's own.
  bool runsThisMethod(const Expr *Start) const;
  bool reopensInBody();
  void applyAwaits(const Invocation &Inv, const Summary &Sum, State &S);
  /// The callables this function left with registries its callers reach
  /// (Registers effects), and a callee's, as this function's own.
  void exportRegistered(const State &Exit);
  /// An effect of kind K for a use another thread or a callback makes of
  /// an object this function's callers reach; none for other objects.
  std::optional<Effect> useEffect(Effect::Kind K, const TaskUse &U) const;
  const Expr *initCaptureHere(const VarDecl *VD) const;
  /// Variables of another function bound to expressions of this one while
  /// its lambdas run here (a step list's builder's parameters, bound to
  /// the arguments of the call that built the list): what initCaptureHere
  /// gives for them.
  const std::map<const VarDecl *, const Expr *> *BoundVars = nullptr;
  void applyRegistered(const CallExpr *Call, const Invocation &Inv,
                       const Summary &Sum, State &S);
  /// The callable a Registers effect describes, kept (under Site) by the
  /// registry it names through Inv; false when this function cannot name
  /// the registry or the object.
  bool addRegisteredCallable(const Effect &E, const Invocation &Inv,
                             const Expr *Site, State &S);
  /// True when this function's code calls a method that runs the
  /// callables the registry at Registry keeps in Member.
  bool runsRegistry(const Path &Registry, const std::string &Member);
  /// A callee's removal of the callables the registry at Obj keeps: of
  /// every registry when Obj is not one this function knows.
  void dropCallablesAt(std::optional<Path> Obj, State &S,
                       std::optional<Path> Token = std::nullopt);
  /// Where a call's result is stored: the variable it initializes or the
  /// place it is assigned to.
  std::optional<Path> resultDestination(const CallExpr *Call,
                                        const State &S) const;
  /// The kept callables of one registry member a drop given Token removes,
  /// when Token is what another keeping call returned: only those.
  static bool sameToken(const std::optional<Path> &A,
                        const std::optional<Path> &B);
  static bool dropsByToken(const State &S, const Path &Registry,
                           const std::optional<Path> &Token);
  bool calleeWaitsFor(const FunctionDecl *Checker, const Expr *Site,
                      const Task &T, const State &S);
  bool waitsFor(const Path &Handle);
  /// The task a Spawned effect describes, added to S under Start (its
  /// use mapped through Inv); null when its objects cannot be named here.
  Task *addSpawnedTask(const Effect &E, const Invocation &Inv,
                       const Expr *Start, State &S);
  void seedMemberAliases(State &Init);
  /// Starts the reporting run of a method with what an earlier call of the
  /// class's public methods may leave closed (Closed::SeededBy).
  void seedEarlierCalls(State &Init);
  void seedParameterAliases(State &Init);
  void seedNestedMemberAliases(const clang::CXXRecordDecl *Self, State &Init);
  void seedAliasesOf(const Path &Base, const clang::CXXRecordDecl *RD,
                     State &Init);
  bool waitsOn(const Path &Handle);

public:
  /// Threads this method starts into members of its class: field, task.
  std::vector<std::pair<const FieldDecl *, Task>> memberStarts();
  /// For a constructor: the members its initializers bind to other members
  /// (`standby_(primary_)`; `publisher_(producer_)` whose constructor keeps
  /// its argument in publisher_.producer_), as member path -> member path.
  std::map<Path, Path> constructorAliases();
  void exportConstructorAliases();
  /// After run(): the aliases between members of `this` that hold
  /// wherever the function returns (`bus_ = std::make_unique<Bus>(producer_)`
  /// ties bus_'s producer to producer_ again).
  const std::map<Path, Path> &exitMemberAliases() const {
    return ExitMemberAliases;
  }

private:
  std::string calleeRootName(const CallExpr *Call, const FunctionDecl *Callee,
                             const Effect &E) const;

  // Conditions.
  /// What `obj.state() == Enumerator` says: the closed state of the
  /// protocol inferred for the object's class where there is one, else
  /// enumeratorSaysOpen.
  std::optional<bool> stateSaysOpen(const clang::Expr *Obj,
                                    const clang::Expr *Enumerator,
                                    const clang::CXXMethodDecl *Accessor) const;
  std::vector<Guard> guardsIn(const Expr *Cond, bool Negated, const State &S);
  void queryGuards(const Expr *Obj, bool OpenWhen, const State &S,
                   std::vector<Guard> &Out);
  void applyGuard(const Guard &G, State &S);
  void predicateGuards(const CallExpr *Call, bool Negated, const State &S,
                       std::vector<Guard> &Out);
  /// What a call's true result proved open (Effect::ProvesOpen, OnlyIfTrue).
  void provedOpenGuards(const CallExpr *Call, bool Negated, const State &S,
                        std::vector<Guard> &Out) const;
  std::vector<Guard> impliedGuards(const Expr *E, bool Value, const State &S);
  std::vector<std::pair<const void *, Fact>>
  learnedFrom(const Expr *Cond, bool Value, bool RightDecides) const;
  /// True when Cond having Value contradicts what Cl is closed only
  /// under, whichever sides of its logical operators hold.
  bool refutes(const Closed &Cl, const Expr *Cond, bool Value) const;
  const void *sizeSubject(const Expr *E, bool Empty) const;
  const void *memberSizeFlag(const Expr *Obj, const CXXRecordDecl *RD) const;
  void learnContainerSize(const CXXMemberCallExpr *MCE, State &S);
  bool valueOutlivesLoops(const void *Root) const;
  /// The size() of a range-for's range, a container this function does not
  /// resize (sizeSubject()'s key), or null.
  const void *rangeSizeSubject(const CXXForRangeStmt *FR) const;
  bool learn(const void *Var, const Fact &Learned, State &S) const;
  void noteFlagLocks(const void *Var, State &S) const;
  void flagGuards(const State &S, std::vector<std::pair<Path, Fact>> &Pre,
                  std::set<Path> &Locks) const;

  unsigned PredicateDepth = 0;
  bool applySwitchEdge(const CFGBlock &From, unsigned SuccIdx,
                       const SwitchStmt *SW, State &S);
  void rememberQuery(const VarDecl *VD, State &S);
  void rememberQuery(const VarDecl *VD, std::vector<Guard> G, State &S);
  std::vector<Guard> guardsOfValue(const VarDecl *VD, const Expr *Value,
                                   const State &S);
  std::optional<CondFact> factIn(const Expr *Cond) const;
  std::optional<CondFact> inlinedResultTest(const Expr *Cond) const;
  std::optional<CondFact> scalarPredicateFact(const Expr *Cond) const;
  /// A result test's body and the local or call result whose fields it
  /// reads.
  struct ResultTest {
    const Expr *Test = nullptr;
    const VarDecl *Local = nullptr;
    const CallExpr *Call = nullptr;
  };
  std::optional<ResultTest> resultTestBody(const Expr *Cond) const;
  const void *resultFieldOf(const void *Subject, const ResultTest &Obj) const;
  /// `st.failed()`, `!st.ok()`, `if (st)` of a local result (or a call's
  /// result) whose class has a verdict query (ResultVerdict.h): the fact
  /// Cond having Value gives the verdict, keyed as the result's verdict.
  std::optional<std::pair<const void *, Fact>>
  verdictLearned(const Expr *Cond, bool Value) const;
  /// `st.ok()` of a query another unit defines and says which field of
  /// its class it tests (Effect::FieldTest): what Value says of that field
  /// of the local or the call's result.
  std::optional<std::pair<const void *, Fact>>
  importedFieldTest(const Expr *Cond, bool Value) const;
  /// `msg_.empty()`, `value_.has_value()` of a string or optional field
  /// (ResultVerdict.h's presence fields): whether it holds something.
  std::optional<std::pair<const void *, Fact>>
  presenceLearned(const Expr *Cond, bool Value) const;
  std::vector<std::pair<const void *, Fact>>
  storedCallTest(const Expr *Cond, bool Value) const;
  std::optional<std::pair<const void *, Fact>>
  termBound(const Context::Difference &D, const Fact &F,
            const Facts &Known) const;
  /// The key of what Call's result's verdict query returns; null unless
  /// its class has one named Query.
  const void *verdictSubject(const CallExpr *Call, llvm::StringRef Query) const;
  std::optional<CondFact> comparisonFact(const BinaryOperator *BO) const;
  std::optional<Path> stableTerm(const Expr *E) const;
  /// `route.size() / 2`, `n * 2 + 1`: arithmetic over stable terms and
  /// constants, as one key (Context::compound), so two tests of the same
  /// expression meet on one difference with a counter.
  std::optional<Path> stableCompound(const Expr *E) const;
  bool unmodified(const VarDecl *V) const;
  /// The local variables this function may change (assigned, stepped,
  /// address taken, bound to a non-const reference, captured by reference).
  mutable std::optional<llvm::DenseSet<const VarDecl *>> Modified;
  mutable std::optional<llvm::DenseSet<const VarDecl *>> IndirectlyModified;
  /// Variables some call may resize: a non-const method other than element
  /// access called on them (push_back, erase, assignment...).
  mutable std::optional<llvm::DenseSet<const VarDecl *>> Resized;
  /// Where each local is assigned or stepped (the changes Modified counts
  /// as direct).
  mutable llvm::DenseMap<const VarDecl *, std::vector<const Stmt *>>
      AssignSites;
  void findModified() const;
  /// V's initializer is the value Use reads: V changes only by its own
  /// assignments, each after Use in a loop that does not hold Use (`bool
  /// closed = close(fd) == 0; if (!closed) closed = close(fd) == 0;`).
  bool initReaches(const VarDecl *V, const Expr *Use) const;
  /// V changes only by assignments and steps of its own, which the
  /// analysis sees (State::Assigned).
  bool onlyAssigned(const VarDecl *V) const;
  /// The calls of this function whose result is discarded: each is a
  /// statement of its own (`c.write(v);`).
  mutable std::optional<llvm::DenseSet<const Expr *>> Discarded;
  bool resultDiscarded(const CallExpr *Call) const;
  /// A use of a profile that reports a closed object through its result
  /// (Profile::ErrorResult), whose caller tests the result: it handles the
  /// closed object.
  bool handlesClosedResult(const CallExpr *Call, unsigned Profile) const;
  /// A use of Profile::ErrorResult, whatever its caller does with it.
  bool reportsClosedByResult(const CallExpr *Call, unsigned Profile) const;
  const void *elementFlag(const Expr *E) const;
  const void *subjectOf(const Expr *E) const;
  /// A callee's use (Effect::Use) where this call makes it.
  void applyUse(const CallExpr *Call, const FunctionDecl *Callee,
                const Invocation &Inv, const Effect &E, State &S,
                const Summary *Sum = nullptr);
  /// The members of `this` a method this analysis does not summarize (it
  /// touches nothing tracked) may change; none known when `this` escapes.
  std::optional<std::set<const FieldDecl *>>
  membersWritten(const FunctionDecl *Def) const;
  /// A use of K at Call while a task this function started, which closes
  /// K, may still be running: a race the other way round.
  void checkTaskCloses(const Key &K, const CallExpr *Call,
                       const Expr *InnerUse, const std::string &Name,
                       const State &S);
  /// K is open past a use that throws once it is closed.
  void provedOpen(const Key &K, State &S);
  /// Records that this path found the caller's object at K open (a use
  /// that throws once it is closed returned, a query said so).
  void noteProvedOpen(const Key &K, State &S) const;
  /// Records that the function's own test found the caller's object at K
  /// open on this path (State::TestedOpen).
  void noteTestedOpen(const Key &K, State &S) const;
  /// The fact subject of the pointer P names (a local or a raw pointer
  /// member), or null.
  /// True when F held of Subject wherever KC's object was closed.
  bool heldWhereClosed(const std::pair<const Key, Closed> &KC,
                       const void *Subject, const Fact &F) const;
  /// The fact subject of a descriptor path (a local or member integer
  /// handle), or null.
  const void *descriptorSubject(const Path &P) const;
  const void *pointerSubject(const Path &P) const;
  /// An integer constant's value, or 0 for a null pointer constant.
  std::optional<int64_t> constantOf(const Expr *E) const;
  std::optional<CondFact> stringComparison(const Expr *Cond) const;
  void addConstantArguments(const CallExpr *Call, const FunctionDecl *Target,
                            Bindings &B) const;
  void noteEntryCopy(const VarDecl *VD, const State &S);
  void invalidEntryCopy(const VarDecl *VD);
  std::optional<Path> untouchedEntryMember(const Expr *E, const State &S) const;
  bool noteExchange(const CallExpr *Call, const State &S);
  /// What each `std::exchange(m, v)` took from m on entry (noteExchange).
  std::map<const CallExpr *, Path> Exchanged;
  /// Exchanges handed straight to a call: assigned once it ran.
  std::set<const CallExpr *> DeferredExchanges;
  bool argumentOfCall(const Expr *E) const;
  std::optional<Path> deferredExchangePath(const Expr *Handle,
                                           const State &S) const;
  void assignDeferredExchanges(const CallExpr *Call, State &S);
  std::optional<Path> entryCopyPath(const Path &P) const;
  /// Locals holding what a member held on entry (noteEntryCopy); an empty
  /// path for one that may hold something else.
  std::map<const VarDecl *, Path> EntryCopies;
  /// What is known of an integer expression's value here: a constant,
  /// `errno` (positive: read where a call failed), a variable's fact, the
  /// hull of a conditional's arms, a negation.
  std::optional<Fact> valueFact(const Expr *E, const State &S) const;
  std::vector<std::pair<RootRef, Fact>>
  entryPreconditions(const Facts &Entry) const;
  /// True when a scalar parameter the callee tests is given a value Pre
  /// excludes: a constant (`publishBatch(events, false)`) or a local the
  /// caller knows.
  bool argumentExcludes(const RootRef &Root, const Fact &Needed,
                        const Invocation &Inv, const State &S) const;
  /// The index of FD's unmodified scalar parameter Var stands for.
  std::optional<unsigned> scalarParamOf(const void *Var) const;
  /// Var is a stable term of one of FD's parameters (`standby.size()` of a
  /// `const std::string &standby`): what a path learns of it held on entry.
  bool paramTerm(const void *Var) const;
  /// The key the caller's facts about P sit under: a stable term's where
  /// the caller tested one (`cfg.standby.empty()`), else P's subject.
  const void *knownKeyOf(const Path &P, const State &S) const;
  bool excludedBy(const std::vector<std::pair<RootRef, Fact>> &Pre,
                  const Invocation &Inv, const Key &K, const State &S) const;
  std::set<const void *> Written; ///< Member flags this function assigns.
  /// What held of the entry values wherever each of them was written (the
  /// facts common to every write): a flag written only under `if
  /// (closeAfter)` is forgotten by a caller that passes false.
  std::map<const void *, Facts> WrittenWhere;
  void noteWritten(const void *Subject, const State &S);

  // Reporting.
  void reportUse(const Key &K, const Closed &Cl, const CallExpr *Call,
                 const Expr *InnerUse, const std::string &Name,
                 const Location *RemoteUse);
  void reportDoubleClose(const Key &K, const Closed &Cl, const Expr *Site);
  /// A use a destructor (or deleter) makes, run at Site where What
  /// happens (`member 'logger_' is destroyed`), of an object closed before.
  void reportDestructorUse(const Key &K, const Closed &Cl, const Effect &E,
                           const Expr *Site, const std::string &What,
                           clang::SourceLocation At);
  /// Reports E, a destructor's use of K, when K is closed where the
  /// destruction at Site runs and E's own preconditions do not exclude it.
  void destructorUse(const Key &K, const Effect &E, const clang::Expr *Site,
                     const std::string &What, clang::SourceLocation At,
                     llvm::function_ref<std::optional<Path>(const RootRef &)> Map,
                     State &S);
  /// A thread or task started after an object it uses was closed.
  void reportTaskUse(const StartInfo &SI, const TaskUse &U, const Closed &Cl);
  /// The closes that reached a finding at At, in the order of the source.
  std::vector<CloseEvent> closeEvents(const Key &K, const Closed &Cl,
                                      SourceLocation At) const;
  std::string exprName(const Expr *E) const;
  std::string calleeName(const CallExpr *Call) const;
  std::string describeKey(const Key &K) const;
  void record(Effect E);

  Context &C;
  const FunctionDecl *FD;
  Bindings B;
  bool Report;
  const CXXRecordDecl *Lambda = nullptr;
  /// True during the final replay over converged states.
  bool Replay = false;
  /// The function whose summary (or destructor) applies, while it does.
  const FunctionDecl *SummaryCallee = nullptr;
  /// The destructor (or deleter) being applied, by name.
  std::string DestructorName;
  /// True when the callee whose summary applies is a method of a class
  /// whose other methods may leave K's member closed (Closed::SeededBy):
  /// its own analysis starts from that and reports a second close itself.
  bool calleeReportsEarlier(const Key &K) const;
  /// For a close made by calling a helper: the close inside the helper, or
  /// where it is in another unit.
  std::map<const Expr *, const Expr *> InnerClose;
  /// The same, per object, for a call that closes several (`closeBoth(fds)`
  /// closing fds[0] and fds[1]): InnerClose keeps one of them.
  std::map<std::pair<const Expr *, Key>, const Expr *> InnerCloseByKey;
  void noteInnerClose(const Expr *Call, const Key &K, const Expr *Site) {
    if (Site == Call) // a lambda's own close, reported where it is made
      return;
    InnerClose[Call] = Site;
    InnerCloseByKey[{Call, K}] = Site;
  }
  /// Where the call Site closed K inside its callee, if it did.
  const Expr *innerCloseOf(const Expr *Site, const Key &K) const {
    if (auto It = InnerCloseByKey.find({Site, K}); It != InnerCloseByKey.end())
      return It->second;
    auto It = InnerClose.find(Site);
    return It == InnerClose.end() ? nullptr : It->second;
  }
  std::map<const Expr *, const Location *> RemoteClose;
  /// What each call's callee closes when it throws, as the caller names it.
  struct ThrowClose {
    Key K;
    const Expr *Site;
    bool Must;
    std::string Name;
    const Location *Remote = nullptr; ///< The close, in another unit.
    std::vector<std::pair<Path, Fact>> While; ///< Flags, as the caller names them.
    /// Made only where the callee's query found the object open.
    bool CheckedOpen = false;
    /// What the callee throws on the paths where it closed it.
    std::optional<std::set<const void *>> Thrown;
    /// Made only where these held on the callee's entry (`if
    /// (ledgerClosed_) return;` before it), as the caller names them;
    /// none known to hold. CallersEntry: see noteCloseNeeds().
    std::vector<std::pair<const void *, Fact>> Pre;
    bool CallersEntry = false;
  };
  std::map<const CallExpr *, std::vector<ThrowClose>> ThrowCloses;
  void applyThrowCloses(const CFGBlock &Blk, State &S);
  /// The locals of the try block that Blk's call leaves by an exception on
  /// its way to Handler (a try's dispatch) are destroyed first, last
  /// declared first: clang's CFG has no destructors on exception edges.
  void destroyLocalsOnThrow(const CFGBlock &Blk, const CFGBlock &Handler,
                            State &S);
  /// The state before the call a block ends with, when it may throw: a
  /// call that throws has not done what it does when it returns (a
  /// `close()` that throws when already closed closes nothing); what it
  /// does on its way out is applyThrowCloses'.
  std::optional<State> BeforeThrow;
  /// Set by transfer() when the block's last call cannot return normally
  /// (a use that throws once closed, of an object closed on every path
  /// here): only its exception edges are followed.
  bool PathEnds = false;
  void closeResult(const Path &Var, const Expr *Init, const std::string &Name,
                   State &S);
  /// A close of a protocol that opens the object again before returning.
  bool closesOnlyWhenThrowing(const CallExpr *Call, const CallRole &CR) const;
  void noteThrownIfClosed(const CallExpr *Call, State &Before);
  /// True when an exception of one of Thrown's classes (StdThrow: the
  /// standard library's) reaches Catch first among Try's handlers.
  bool reachesHandler(const CXXTryStmt *Try,
                      const std::set<const void *> &Thrown,
                      const CXXCatchStmt *Catch) const;
  /// The handler of Try that an exception of class Thrown reaches first;
  /// null when none does. False when that cannot be told.
  bool firstHandler(const CXXTryStmt *Try, const CXXRecordDecl *Thrown,
                    const CXXCatchStmt *&First) const;
  void closesMaybeWhenThrowing(const CallExpr *Call, const State &After,
                               State &Before);
  std::set<std::pair<const Expr *, const Rule *>> Reported;
  /// The objects each close was reported for, as in use by a thread.
  std::map<const Expr *, std::vector<Path>> RacedAt;
  /// The queries that found an object closed (Closed::Queried's sites),
  /// with the query's name, for the notes.
  std::map<const Expr *, std::string> QuerySites;
  /// While a callee's close is applied: the callee made it only where its
  /// query found the object open.
  bool CalleeChecksOpen = false;
  /// While a callee's use is applied: the call in the callee's own body
  /// that leads to the use deeper down (`background_.async(...)` reaching
  /// the pool's submit()), when it is not the use itself.
  /// The classes a callee's refusal throws (Effect::Thrown of a use its
  /// query exported) while its use is applied: a use this function exports
  /// from it is that refusal for its own callers.
  const std::set<const void *> *CalleeRefusal = nullptr;
  const Expr *CalleeOuterUse = nullptr;
  /// The same, for a callee another unit defines.
  const Location *CalleeRemoteOuterUse = nullptr;
  /// The callee whose summary applies closes the object again itself, and
  /// reports that second close (Effect::Again).
  bool CalleeClosesAgain = false;
  /// While a callee's close is applied: the mutexes it held and the flags
  /// it knew set under them (Closed::SerialLocks), as this function names
  /// them.
  struct CloseSerial {
    std::set<Path> Locks;
    std::vector<std::pair<Path, Fact>> Flags;
  };
  std::optional<CloseSerial> CalleeSerial;
  /// The member mutexes a role method of the object at Obj locks for its
  /// whole body (`std::lock_guard<std::mutex> lk(mu_);` first), as this
  /// function names them: a close it makes holds them.
  std::optional<CloseSerial> wholeBodyLocks(const CallExpr *Call,
                                            const Path &Obj) const;
  /// While a callee's close of what a member denoted before it rebound the
  /// member applies: the mutexes it held from that close until the
  /// rebinding (Effect::HeldLocks), as this function names them.
  std::set<Path> CalleeReboundUnder;
  /// True when Site's statement is followed, in its block and before
  /// anything that may release a lock, by an assignment to P.
  bool reboundLater(const Expr *Site, const Path &P, const State &S) const;
  /// While a callee's use applies: the member flags it tested before it,
  /// under the mutexes it held since (its TaskUse effect's Pre, PreLocks).
  std::optional<CloseSerial> UseSerial;
  /// True when the use made here is serialized with the close the task
  /// makes (Task::SerialCloses): it tests, under a mutex the task's close
  /// held, a flag the task set to a value the test refuses.
  bool useSerializedWith(const Task &T, const Key &K, const State &S) const;
  /// The member flags assigned constants after the statement holding Site,
  /// in the block that holds it, before anything that may release a lock
  /// or leave the block.
  std::vector<std::pair<Path, Fact>> flagsSetLater(const Expr *Site,
                                                   const State &S) const;
  /// What serializes a close made here (Closed::SerialLocks): the mutexes
  /// held, and the flags known as set under one of them.
  void serialHere(const State &S, std::set<Path> &Locks, Facts &Flags);
  /// A callee close's serialization, mapped to this function's names.
  void exportSerial(const Closed &Cl, Effect &E) const;
  std::optional<CloseSerial> calleeSerial(const Effect &E,
                                          const Invocation &Inv,
                                          const State &S) const;
  const CallExpr *directQuery(const Expr *Cond) const;
  std::optional<std::pair<const FieldDecl *, unsigned>>
  setterBinding(const CXXMethodDecl *MD);
  void queriedClosed(const Key &K, const CallExpr *Query, State &S);
  std::set<Effect> Effects;
  std::map<Path, Path> ExitMemberAliases;
  std::optional<std::map<const VarDecl *, Path>> LoopRanges;
  std::map<const VarDecl *, const CXXForRangeStmt *> LoopStmts;
  /// The range-for each range variable (`__range1`) belongs to.
  std::map<const VarDecl *, const CXXForRangeStmt *> RangeLoops;
  std::map<const CXXForRangeStmt *, const VarDecl *> IterationCounters;
  const VarDecl *iterationCounter(const CXXForRangeStmt *FR);
  std::optional<Path> containerSize(const Expr *Range);
  /// `for (size_t i = 0; i < v.size(); ++i)` with no break and no other
  /// write of i: the loop visits every element, and `v[i]` names each in
  /// turn, as a range-for's variable does.
  struct IndexLoop {
    const ForStmt *Loop = nullptr;
    Path Range;
  };
  mutable std::optional<std::map<const VarDecl *, IndexLoop>> IndexLoops;
  const std::map<const VarDecl *, IndexLoop> &indexLoops() const;
  /// True when Via names an element through an index loop's variable
  /// (`fclose(files[i])`): closing it closes each element in turn.
  bool viaIndexLoop(const Expr *Via) const;
  /// `v[i + 1]` in such a loop: another element, which is not tracked.
  bool nearIndexLoopElement(const Expr *E) const;
  /// At each return: its constant value (if any) and which objects the
  /// caller can see are closed there (true: on every path).
  struct ReturnInfo {
    std::optional<int64_t> Value;
    /// Not a known value, but known not to be zero (`return -err;` where
    /// err is positive).
    bool NonZero = false;
    /// Known to be negative (a negative constant, `return -err;`).
    bool Negative = false;
    std::map<Key, bool> Closed;
    /// What is known of the parameters the callee reports failure through
    /// (references to an error code or a bool), by index.
    std::map<unsigned, Fact> Failure;
    /// What the path learned of entry values (State::Entry).
    Facts Entry;
    /// The tasks left running on an executor here (their starts).
    std::set<const clang::Expr *> Tasks;
    /// What is known of the scalar fields of the struct returned by value
    /// (a local returned whole, `return {true, EIO};`).
    std::map<const clang::FieldDecl *, Fact> Fields;
    /// The returned struct is a call's result (`return Status::error(...)`).
    bool BuiltByCall = false;
    /// What the path proved or tested open (State::ProvedOpen, TestedOpen).
    std::set<Key> ProvedOpen;
  };
  /// True when every path that leaves the function with the executor task
  /// started at Start still running returns a true value, and some path
  /// returns a false one: `start()` returning false after it failed and
  /// shut its pool down.
  bool taskOnlyIfTrue(const clang::Expr *Start) const;
  std::vector<ReturnInfo> Returns;
  /// The profiles under which every object the function returns is closed,
  /// with a close's site (Effect::ClosesResult).
  std::optional<std::map<unsigned, const Expr *>> ReturnedClosed;
  void noteReturnedClosed(const ReturnStmt *RS, const State &S);
  void exportReturnedClosed();
  /// The closes a call's summary makes of its result, for the variable it
  /// initializes.
  std::map<const CallExpr *, std::vector<Effect>> ResultCloses;
  /// The paths that leave the function at the end of its body.
  std::vector<ReturnInfo> FallThroughs;
  ReturnInfo returnInfo(const State &S) const;
  /// R returns V, whose value (known on no path) decides whether the keys
  /// it closed are closed: R becomes the closing return with that value,
  /// and the open one with another value is returned.
  std::optional<ReturnInfo> splitOnValue(const Expr *V, const State &S,
                                         ReturnInfo &R);
  /// Every path that leaves the function with K open excludes the entry
  /// facts EntryCond the close was made under.
  bool closedWherePreHolds(const Key &K, const Facts &EntryCond) const;
  std::optional<unsigned> closedOnlyWhenParamSet(const Key &K) const;
  /// The subject a test of the call's result field Name reads (interned
  /// path rooted at the call), or null.
  const void *resultFieldSubject(const clang::CallExpr *Call,
                                 llvm::StringRef Name) const;
  /// The field of the struct a function returns by value that says whether
  /// it closed K (`outcome.aborted = true;` beside the close), with what it
  /// holds on every closing return; Exact when every other return says
  /// otherwise.
  std::optional<std::pair<const clang::FieldDecl *, Fact>>
  closedOnlyWhenField(const Key &K, bool &Exact) const;
  /// The returned struct's scalar fields as this path knows them; splits R
  /// as splitOnValue does where a field's value decides what R closed.
  std::optional<ReturnInfo> noteReturnedFields(const Expr *V, const State &S,
                                               ReturnInfo &R) const;
  void exportEnsures(const State &Exit);
  void exportTrueOnlyIf();
  /// Effect::ProvesOpen with OnlyIfTrue, for what the true returns proved
  /// open beyond what every return did (Always).
  void exportProvesOpenIfTrue(const std::set<Key> &Always);
  /// True when the callee returns true only where the caller knows it
  /// cannot (Effect::TrueOnlyIf).
  bool returnsFalse(const Summary &Sum, const Invocation &Inv,
                    const State &S) const;
  void noteReturn(const ReturnStmt *RS, const State &S);
  /// The object a returned pointer or reference denotes here, null
  /// returns aside; none when it is not one the callers can name.
  std::optional<Path> returnedObject(const Expr *V, const State &S) const;
  /// What every return that returns an object returns, as the callers name
  /// it; Conflict once two returns disagree or one cannot be named.
  std::optional<RootRef> Returned;
  bool ReturnedConflict = false;
  void noteReturned(const ReturnStmt *RS, const State &S);
  void exportReturned();
public:
  /// The object a call returns (a reference, or a pointer to it), from the
  /// callee's Returns effect: `registry.find(id)` is the element at id.
  std::optional<Path> returnedPath(const CallExpr *Call, const State &S) const;
  /// The summary of what Call's callee does, from this unit or another.
  const Summary *calleeSummary(const CallExpr *Call) const;
  /// The function calleeSummary() summarizes: the definition this unit
  /// has, else the declaration another unit's summary is for.
  const FunctionDecl *summarizedCallee(const CallExpr *Call) const;
  /// `fileno(fp)`: the object a profile's "exposes" call lends, the one
  /// the handle at its argument owns.
  std::optional<Path> lentPath(const CallExpr *Call, const State &S) const;
private:
  /// Exact: every return of the value has K closed too (else K is only
  /// known open where the result is another value).
  std::optional<Fact> closedOnlyWhenReturning(const Key &K,
                                              bool &Exact) const;
};

template <class Pred> void FunctionAnalysis::endTasks(State &S, Pred Ends) {
  std::vector<std::tuple<Key, const Expr *, bool>> Closed;
  std::map<Key, Facts> While;
  for (auto It = S.Tasks.begin(); It != S.Tasks.end();) {
    if (!Ends(It->second)) {
      ++It;
      continue;
    }
    Closed.insert(Closed.end(), It->second.Closes.begin(),
                  It->second.Closes.end());
    While.insert(It->second.CloseWhile.begin(), It->second.CloseWhile.end());
    It = S.Tasks.erase(It);
  }
  // A task that has ended has made its closes: `t.join(); p.send(r);`,
  // with what its flags held where it made them.
  for (const auto &[K, Site, Must] : Closed) {
    closeKey(K, Site, Must, describeKey(K), S);
    auto Facts = While.find(K);
    auto Cl = S.Keys.find(K);
    if (Facts != While.end() && Cl != S.Keys.end() &&
        Cl->second.Sites.size() == 1 && Cl->second.Sites.front() == Site)
      for (const auto &[Subject, F] : Facts->second)
        Cl->second.Cond[Subject] = F;
  }
}

} // namespace typestate
} // namespace errlint

#endif
