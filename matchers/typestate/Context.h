//===- Context.h - State shared by one unit's function analyses --*- C++ -*-===//
//
// The per-translation-unit part of the analysis: summaries computed and
// imported, the member flags facts are kept about, the threads classes
// start into their members.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_TYPESTATE_CONTEXT_H
#define ERRLINT_TYPESTATE_CONTEXT_H

#include "typestate/Handler.h"
#include "typestate/Lattice.h"
#include "typestate/Summary.h"
#include "typestate/Typestate.h"
#include "Profiles.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/FoldingSet.h"
#include <map>
#include <set>

namespace errlint {

/// Per-translation-unit state shared by every function's analysis.
struct TypestateAnalyzer::Context {
  Context(clang::ASTContext &Ctx, const ProfileIndex &Index,
          typestate::Handler &H)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Index(Index), H(H) {}

  const typestate::Summary *summaryFor(const clang::FunctionDecl *FD, const typestate::Bindings &B);
  static const bool DebugSummaries;
  void dumpSummary(const clang::FunctionDecl *FD,
                   const typestate::Summary &S) const;
  bool isRelevant(const clang::FunctionDecl *FD);
  /// Relevant, or runs one of the lambdas B binds to its members.
  bool isRelevant(const clang::FunctionDecl *FD, const typestate::Bindings &B);
  /// Threads the methods of RD start into its members.
  const std::vector<std::pair<const clang::FieldDecl *, typestate::Task>> &
  memberTasks(const clang::CXXRecordDecl *RD);
  /// FD's summary for what it leaves running (its Spawned effects): its
  /// own summary when it is known, else one computed without reports and
  /// without seeding its siblings' tasks (a method analyzed while another
  /// of its class is in progress).
  const typestate::Summary *spawnSummary(const clang::FunctionDecl *FD);
  /// Nonzero while spawnSummary() analyzes: methods do not seed their
  /// siblings' tasks then.
  unsigned SpawnPass = 0;
  /// A public method of a class that replaces a raw pointer member (closes
  /// what it points to, then points it at a new object) and returns early
  /// where the replacement failed, leaving it pointing at the closed one:
  /// a failed rotation. Every later call of the class may meet it.
  struct EarlierClose {
    unsigned Profile = 0;
    const clang::FieldDecl *Field = nullptr;
    const void *Part = nullptr; ///< Field, as a path names it
    const clang::Expr *Site = nullptr; ///< the close, in By's code
    const clang::FunctionDecl *By = nullptr;
    /// What the class's member flags hold where it is left closed.
    std::vector<std::pair<typestate::RootRef, typestate::Fact>> While;
    /// By's result (or an error parameter) tells its callers it closed.
    bool Signalled = false;
  };
  const std::vector<EarlierClose> &earlierCloses(const clang::CXXRecordDecl *RD);
  /// Whether some call of By this unit makes may go on with the member
  /// By left closed (Part): the caller leaves it closed on return, or the
  /// object is one the summaries cannot name (a local, a lambda's).
  /// With no call in view, a caller elsewhere may.
  bool someCallerKeepsClosed(const clang::FunctionDecl *By, const void *Part);
  /// The member calls of the unit's main file, by method, each with the
  /// function whose own code makes it (null inside a lambda).
  std::map<const clang::FunctionDecl *,
           std::vector<std::pair<const clang::CXXMemberCallExpr *,
                                 const clang::FunctionDecl *>>>
      MemberCalls;
  bool MemberCallsIndexed = false;
  std::map<const clang::CXXRecordDecl *, std::vector<EarlierClose>>
      EarlierClosesCache;
  /// The aliases between members of RD that every constructor sets up, and
  /// for each member the methods that rebind it (assign, reset, swap).
  struct MemberAliases {
    std::map<typestate::Path, typestate::Path> Aliases;
    std::map<const void *, std::set<const clang::FunctionDecl *>> Rebinders;
    /// For each rebinder, the aliases it ties again on every return.
    std::map<const clang::FunctionDecl *,
             std::set<std::pair<typestate::Path, typestate::Path>>>
        Kept;
  };
  const MemberAliases &memberAliases(const clang::CXXRecordDecl *RD);
  /// True when a method of F's class may rebind F (assign, reset, swap):
  /// from its body, or the Rebinds effect its defining unit exported.
  bool rebinders(const clang::FieldDecl *F);
  /// True when a member below the first of P (`this.bus_.producer_`) may be
  /// rebound by its class's methods.
  bool nestedRebound(const typestate::Path &P);
  std::map<const clang::CXXRecordDecl *, std::set<const void *>> RebindsCache;
  /// The methods that rebind each member (rebinders()' cache, per member).
  std::map<const void *, std::set<const clang::FunctionDecl *>> RebindingMethods;
  /// True when the private member Holder's owner calls none of the methods
  /// that rebind Holder's member F outside its constructors, nor hands
  /// Holder to other code: the ties its constructors set up hold.
  bool onlyConstructorsRebind(const clang::FieldDecl *Holder,
                              const clang::FieldDecl *F);
  /// The class this unit declares under a qualified name
  /// ("std::logic_error"), with its definition; null when it has none.
  const clang::CXXRecordDecl *recordNamed(const std::string &Name);
  std::map<std::string, const clang::CXXRecordDecl *> RecordsByName;
  /// The exceptions a call of FD may throw, read from its code and its
  /// callees' (typestate::StdThrow for the standard library's); none when
  /// errlint cannot tell (a rethrow, a call it cannot see, a virtual or
  /// std::function call).
  std::optional<std::set<const void *>> thrownBy(const clang::FunctionDecl *FD,
                                                 unsigned Depth = 0);
  std::map<const clang::FunctionDecl *, std::optional<std::set<const void *>>>
      ThrownCache;
  /// An exception a handler rethrows (`throw;`): of a class derived from
  /// (or equal to) the one it catches, and from none of the ones its try's
  /// earlier handlers catch. thrownBy() names it by the handler.
  struct Rethrown {
    const clang::CXXRecordDecl *Caught = nullptr;
    std::vector<const clang::CXXRecordDecl *> Excluded;
  };
  std::map<const void *, Rethrown> Rethrows;
  /// The handler each rethrow in Body is in (and Rethrows for those).
  std::map<const clang::CXXThrowExpr *, const clang::CXXCatchStmt *>
  rethrowHandlers(const clang::Stmt *Body);
  /// What `std::make_unique<T>(...)` (Make) may throw: what T's
  /// constructors throw, allocation failure aside.
  std::optional<std::set<const void *>>
  builtBy(const clang::FunctionDecl *Make, unsigned Depth);
  const clang::FunctionDecl *analyzableCallee(const clang::CallExpr *Call) const;
  /// A call of virtual MD on `this` may run another function: MD is pure,
  /// or not final and some method of this unit overrides it
  /// (`AirplayExporter::stop()` called by the exporter itself, which no
  /// class here overrides, is that stop(); `Stoppable::stop()` is not).
  /// Calls through other objects keep assuming any override may run: their
  /// dynamic type may be a subclass another unit defines.
  bool mayRunOtherOverride(const clang::CXXMethodDecl *MD) const;
  /// The summary another unit exported for the callee of Call, when this
  /// unit has no body for it (null when none).
  const typestate::Summary *importedSummary(const clang::CallExpr *Call);
  /// The same for a function run without a call expression (a destructor,
  /// a unique_ptr's deleter).
  const typestate::Summary *importedSummary(const clang::FunctionDecl *Callee);
  std::optional<typestate::Effect> importEffect(const clang::FunctionDecl *Callee,
                                     const EffectFacts &E);
  /// Opaque: members below a class this unit only declares become opaque
  /// parts (typestate::opaqueMemberPart) instead of failing the import.
  std::optional<typestate::Effect> importRoot(const clang::FunctionDecl *Callee,
                                   const EffectFacts &E, bool Opaque = false);
  std::optional<EffectFacts> exportRoot(const typestate::RootRef &R) const;
  std::optional<EffectFacts> exportEffect(const typestate::Effect &E) const;
  std::optional<unsigned> profileNamed(const std::string &Name);
  /// What a method of a callback registry does with callables.
  struct RegistryRole {
    enum Kind { Store, Run, Drop } K;
    const InferredRegistry::Role *Role;
  };
  const std::vector<RegistryRole> &registryRoles(const clang::CXXMethodDecl *MD);
  /// The executor roles of Call (a submit, a wait), but none for a method
  /// of a class known to keep callables and run them on the caller's own
  /// thread (an inferred registry owns no thread): a `TaskQueue` whose
  /// `drain()` runs what `post()` kept is no pool, whatever its name says.
  llvm::SmallVector<ExecCall, 1> executorCalls(const clang::CallExpr *Call);
  /// The roles of Call, under the profiles of the class its object really
  /// is when errlint knows it (typestate::dynamicClassOf).
  llvm::SmallVector<CallRole, 2> roles(const clang::CallExpr *Call);
  llvm::DenseMap<const clang::CallExpr *, const clang::CXXRecordDecl *>
      DynamicClass;

  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  const ProfileIndex &Index;
  typestate::Handler &H;
  MatchCache Cache;
  std::map<std::pair<const clang::FunctionDecl *, typestate::Bindings>, typestate::Summary> Summaries;
  std::set<std::pair<const clang::FunctionDecl *, typestate::Bindings>> InProgress;
  std::map<const clang::FunctionDecl *, std::optional<typestate::Summary>>
      SpawnSummaries;
  llvm::DenseMap<const clang::FunctionDecl *, bool> Relevance;
  /// Member flags facts are kept about, interned so a fact's key is a
  /// pointer like a local variable's.
  std::set<typestate::Path> Subjects;
  llvm::DenseMap<const void *, const typestate::Path *> SubjectOf;
  const void *intern(const typestate::Path &P) {
    const typestate::Path *Interned = &*Subjects.insert(P).first;
    SubjectOf[Interned] = Interned;
    return Interned;
  }
  const typestate::Path *subject(const void *Key) const {
    return SubjectOf.lookup(Key);
  }
  /// The implicit variables standing for temporaries that are statements
  /// of their own (FunctionAnalysis::findDiscardedTemporaries), made once.
  llvm::DenseMap<const clang::Stmt *, const clang::VarDecl *> TemporaryVars;
  /// Fields of calls' struct results (`drain(ch).closed`), interned apart
  /// from Subjects: no path is rooted at a call, but a fact's key is a
  /// pointer.
  /// A field, or the result class's verdict query (ResultVerdict.h).
  using ResultField = std::pair<const clang::CallExpr *, const clang::Decl *>;
  std::set<ResultField> ResultFields;
  llvm::DenseMap<const void *, const ResultField *> ResultFieldOf;
  const void *resultField(const clang::CallExpr *Call,
                          const clang::Decl *F) {
    const ResultField *Interned = &*ResultFields.insert({Call, F}).first;
    ResultFieldOf[Interned] = Interned;
    return Interned;
  }
  /// Values that do not change while the function runs (`v.size()` of a
  /// container it does not resize) as fact keys: `if (v.empty())` is a
  /// fact of `v.size()`, which a difference `i - v.size()` reads.
  std::set<typestate::Path> Terms;
  llvm::DenseMap<const void *, const typestate::Path *> TermOf;
  const void *term(const typestate::Path &T) {
    const typestate::Path *Interned = &*Terms.insert(T).first;
    TermOf[Interned] = Interned;
    return Interned;
  }
  /// The path of a stable value's key, or null for any other key.
  const typestate::Path *termPath(const void *Key) const {
    return TermOf.lookup(Key);
  }
  const void *termIfAny(const typestate::Path &T) const {
    auto It = Terms.find(T);
    return It == Terms.end() ? nullptr : &*It;
  }
  /// Differences `V - T` of a local counter and a value that does not
  /// change while the function runs (an unmodified local, `v.size()` of a
  /// const vector), interned so a fact's key is a pointer: `i + 1 ==
  /// v.size()` is a fact about `i - v.size()`.
  using Difference = std::pair<const clang::VarDecl *, typestate::Path>;
  std::set<Difference> Differences;
  llvm::DenseMap<const void *, const Difference *> DifferenceOf;
  const void *difference(const clang::VarDecl *V, const typestate::Path &T) {
    const Difference *D = &*Differences.insert({V, T}).first;
    DifferenceOf[D] = D;
    return D;
  }
  const Difference *differenceOf(const void *Key) const {
    return DifferenceOf.lookup(Key);
  }
  /// Arithmetic over values that do not change (`v.size() / 2`), interned
  /// by its structure: the first expression seen with it stands for all.
  const void *compound(const clang::Expr *E);
  std::map<llvm::FoldingSetNodeID, const clang::Expr *> Compounds;
  std::map<const clang::CXXRecordDecl *,
           std::vector<std::pair<const clang::FieldDecl *, typestate::Task>>>
      MemberTasks;
  std::map<const clang::CXXRecordDecl *, MemberAliases> MemberAliasCache;
  unsigned Depth = 0;
  /// Cross-file summaries: those of other units by USR, those converted for
  /// this unit's declarations, and the callees without a body here.
  const std::map<std::string, const MethodFacts *> *External = nullptr;
  std::map<const clang::FunctionDecl *, std::optional<typestate::Summary>> Imported;
  std::map<std::string, std::string> Pending;
  /// The accessor functions this unit declares (AccessPath.h's
  /// accessorObject()), by USR: what other units' effects name their
  /// objects by. Filled the first time an effect names one.
  std::optional<std::map<std::string, const clang::FunctionDecl *>>
      AccessorsByUsr;
  const clang::FunctionDecl *accessorByUsr(const std::string &Usr);
  /// The struct fields this unit's functions give one constant on every
  /// return (factories: `Status::rejected(m)`), for other units.
  std::map<const clang::FunctionDecl *,
           std::map<const clang::FieldDecl *, typestate::Fact>>
      FactoryFields;
  /// ...and the fields they give one of their parameters (`Status::Error(
  /// code, m)`), by parameter.
  std::map<const clang::FunctionDecl *,
           std::map<const clang::FieldDecl *, unsigned>>
      FactoryParamFields;
  /// The queries this unit defines that test one field of their class
  /// (`bool Status::ok() const { return ok_; }`), for other units.
  std::map<const clang::CXXMethodDecl *, std::pair<const clang::FieldDecl *, typestate::Fact>>
      FieldTests;
  std::map<std::string, unsigned> ProfileByName;
  /// The callback registries the run inferred, and their roles by
  /// "Class::method".
  const std::vector<InferredRegistry> *Registries = nullptr;
  std::map<std::string, std::vector<RegistryRole>> RoleIndex;
  /// The methods some method of this unit overrides (canonical), once
  /// asked for.
  mutable std::optional<llvm::DenseSet<const clang::CXXMethodDecl *>> Overridden;
};

} // namespace errlint

#endif
