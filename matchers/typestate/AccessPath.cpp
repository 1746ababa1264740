//===- AccessPath.cpp - What object an expression denotes -----------------===//
//
// See AccessPath.h.
//
//===----------------------------------------------------------------------===//
#include "typestate/AccessPath.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/xxhash.h"
#include <map>
#include <memory>
#include <set>
#include <string>

using namespace clang;

namespace errlint {
namespace typestate {

/// The name of a path's part after the root.
namespace {

/// What a key part stands for: a variable, or a literal's spelling.
struct KeyPart {
  const VarDecl *Var = nullptr;
  std::string Literal;
  /// Members read from Var, dot-separated (`alarm.meterId`: "meterId").
  std::string Fields;
};

using KeyPartId = std::tuple<const VarDecl *, std::string, std::string>;

/// The key parts made so far, by what they stand for. An access path holds
/// them by address, so they live as long as the process.
std::map<KeyPartId, std::unique_ptr<KeyPart>> &keyParts() {
  static std::map<KeyPartId, std::unique_ptr<KeyPart>> Parts;
  return Parts;
}

std::set<const void *> &keyPartAddresses() {
  static std::set<const void *> Addresses;
  return Addresses;
}

const void *internKey(const VarDecl *Var, std::string Literal,
                      std::string Fields = "") {
  auto &Slot = keyParts()[{Var, Literal, Fields}];
  if (!Slot) {
    Slot = std::make_unique<KeyPart>(
        KeyPart{Var, std::move(Literal), std::move(Fields)});
    keyPartAddresses().insert(Slot.get());
  }
  return Slot.get();
}

/// Stands for the `second` of a map's elements in a unit that never
/// instantiated their pair: one per map type.
std::map<const CXXRecordDecl *, std::unique_ptr<char>> &mappedSurrogates() {
  static std::map<const CXXRecordDecl *, std::unique_ptr<char>> Parts;
  return Parts;
}

bool isMappedSurrogate(const void *Part) {
  for (const auto &[Map, Surrogate] : mappedSurrogates())
    if (Surrogate.get() == Part)
      return true;
  return false;
}

/// The owned-object parts made so far, by the function that lends them.
std::map<std::string, std::unique_ptr<std::string>> &ownedParts() {
  static std::map<std::string, std::unique_ptr<std::string>> Parts;
  return Parts;
}

/// The opaque member parts made so far, by name.
std::map<std::string, std::unique_ptr<std::string>> &opaqueParts() {
  static std::map<std::string, std::unique_ptr<std::string>> Parts;
  return Parts;
}

} // namespace

const void *opaqueMemberPart(llvm::StringRef Name) {
  auto &Slot = opaqueParts()[Name.str()];
  if (!Slot)
    Slot = std::make_unique<std::string>(Name.str());
  return Slot.get();
}

const std::string *opaqueMember(const void *Part) {
  for (const auto &[Name, Slot] : opaqueParts())
    if (Slot.get() == Part)
      return Slot.get();
  return nullptr;
}

const void *ownedPart(llvm::StringRef Function) {
  auto &Slot = ownedParts()[Function.str()];
  if (!Slot)
    Slot = std::make_unique<std::string>(Function.str());
  return Slot.get();
}

const std::string *ownedFunction(const void *Part) {
  for (const auto &[Name, Slot] : ownedParts())
    if (Slot.get() == Part)
      return Slot.get();
  return nullptr;
}

const void *keyPartOf(const Expr *Key) {
  const Expr *E = stripWrappers(Key);
  // "orders" given to at(const std::string &): the literal converted.
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
      CE && CE->getNumArgs() >= 1 && !isa<CXXDefaultArgExpr>(CE->getArg(0)) &&
      (CE->getNumArgs() == 1 || isa<CXXDefaultArgExpr>(CE->getArg(1))))
    E = stripWrappers(CE->getArg(0));
  if (const auto *SL = dyn_cast<StringLiteral>(E))
    return internKey(nullptr, "\"" + SL->getBytes().str() + "\"");
  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return internKey(nullptr, std::to_string(IL->getValue().getLimitedValue()));
  if (const auto *CL = dyn_cast<CharacterLiteral>(E))
    return internKey(nullptr, "'" + std::to_string(CL->getValue()) + "'");
  // `alarm.meterId` of a parameter `const Alarm &alarm`: the same key while
  // alarm is unchanged, which its const type promises for its members.
  std::string Fields;
  for (const auto *ME = dyn_cast<MemberExpr>(E); ME;
       ME = dyn_cast<MemberExpr>(E)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD || ME->isArrow())
      return nullptr;
    Fields = Fields.empty() ? FD->getNameAsString()
                            : FD->getNameAsString() + "." + Fields;
    E = ME->getBase()->IgnoreParenImpCasts();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (!DRE)
    return nullptr;
  if (!Fields.empty()) {
    // A parameter's: a local's (a range-for's `entry.first`) keys what its
    // callers cannot name, and would hide the element from them.
    const auto *VD = dyn_cast<ParmVarDecl>(DRE->getDecl());
    if (!VD ||
        !VD->getType().getNonReferenceType().isConstQualified())
      return nullptr;
    return internKey(VD->getCanonicalDecl(), "", std::move(Fields));
  }
  if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
    return internKey(nullptr, EC->getQualifiedNameAsString());
  // A local or a parameter: the same key while it is unchanged.
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD)
    return nullptr;
  // `constexpr int kNorthBasin = 1;`: the constant it names, as a literal.
  if (!VD->hasLocalStorage() && VD->getType().isConstQualified() &&
      VD->getType()->isIntegralOrEnumerationType())
    if (const APValue *V = VD->evaluateValue(); V && V->isInt())
      return internKey(nullptr, std::to_string(V->getInt().getLimitedValue()));
  if (!VD->hasLocalStorage())
    return nullptr;
  return internKey(VD->getCanonicalDecl(), "");
}

namespace {
/// `static_cast<size_t>(box - 1)`: an index converted between integer
/// types names the element its operand does.
const Expr *withoutIntegerCasts(const Expr *E) {
  E = stripWrappers(E);
  while (const auto *Cast = dyn_cast<ExplicitCastExpr>(E)) {
    if (!Cast->getType()->isIntegerType() ||
        !Cast->getSubExpr()->getType()->isIntegerType())
      break;
    E = stripWrappers(Cast->getSubExpr());
  }
  return E;
}

/// `i + 1`, `i - 2`, `1 + i`: the variable and the constant it is offset
/// by, when it is one.
std::optional<std::pair<const VarDecl *, int64_t>> offsetKey(const Expr *E) {
  const auto *BO = dyn_cast<BinaryOperator>(withoutIntegerCasts(E));
  if (!BO || (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub))
    return std::nullopt;
  const Expr *L = BO->getLHS()->IgnoreParenImpCasts();
  const Expr *R = BO->getRHS()->IgnoreParenImpCasts();
  if (BO->getOpcode() == BO_Add && isa<IntegerLiteral>(L))
    std::swap(L, R);
  const auto *DRE = dyn_cast<DeclRefExpr>(L);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  const auto *IL = dyn_cast<IntegerLiteral>(R);
  if (!VD || !VD->hasLocalStorage() || !IL ||
      !VD->getType()->isIntegerType() || IL->getValue().getActiveBits() > 32)
    return std::nullopt;
  int64_t C = static_cast<int64_t>(IL->getValue().getZExtValue());
  return std::make_pair(VD->getCanonicalDecl(),
                        BO->getOpcode() == BO_Add ? C : -C);
}
} // namespace

const void *indexKeyPartOf(const Expr *Key) {
  if (const void *Part = keyPartOf(withoutIntegerCasts(Key)))
    return Part;
  // `woks[station + 1]` beside `woks[station]`: another element of the same
  // container while station is unchanged. The offset is kept as the key's
  // literal; only this function can name it (callers get no key for it).
  auto Offset = offsetKey(Key);
  if (!Offset)
    return nullptr;
  if (Offset->second == 0)
    return internKey(Offset->first, "");
  return internKey(Offset->first, (Offset->second > 0 ? " + " : " - ") +
                                      std::to_string(std::abs(Offset->second)));
}

Path withoutKeys(const Path &P) {
  Path Out;
  for (const void *Part : P)
    if (!isKeyPart(Part))
      Out.push_back(Part);
  return Out;
}

/// Every, some element's path (`lances_[...].second.fd`), at the key Keyed
/// names the same element with (`lances_[w].second.retired`).
std::optional<Path> atKeyOf(const Path &Every, const Path &Keyed) {
  // The element mark of Every with no key after it, past the parts both
  // share (`card[race].second[...]` beside `card[race].second[box - 1]`).
  size_t I = 0;
  while (I < Every.size() && I < Keyed.size() && Every[I] == Keyed[I] &&
         !(Every[I] == ElementMark &&
           (I + 1 == Every.size() || !isKeyPart(Every[I + 1]))))
    ++I;
  if (I >= Every.size() || Every[I] != ElementMark ||
      (I + 1 < Every.size() && isKeyPart(Every[I + 1])) ||
      Keyed.size() < I + 2 || Keyed[I] != ElementMark ||
      !isKeyPart(Keyed[I + 1]) ||
      llvm::any_of(llvm::ArrayRef<const void *>(Every).drop_front(I + 1),
                   isKeyPart))
    return std::nullopt;
  Path Out(Every.begin(), Every.begin() + I + 1);
  Out.push_back(Keyed[I + 1]);
  Out.append(Every.begin() + I + 1, Every.end());
  return Out;
}


bool isKeyPart(const void *Part) {
  return keyPartAddresses().count(Part) != 0;
}

const void *keyPartForVar(const VarDecl *Var) {
  return internKey(Var->getCanonicalDecl(), "");
}

const void *keyPartForLiteral(const std::string &Spelling) {
  return internKey(nullptr, Spelling);
}

std::string keyFields(const void *Part) {
  return isKeyPart(Part) ? static_cast<const KeyPart *>(Part)->Fields
                         : std::string();
}

const void *keyPartWithFields(const void *Base, const std::string &Fields) {
  if (Fields.empty())
    return Base;
  if (!isKeyPart(Base))
    return nullptr;
  const auto *K = static_cast<const KeyPart *>(Base);
  if (!K->Var || !K->Literal.empty())
    return nullptr;
  return internKey(K->Var, "", K->Fields.empty() ? Fields
                                                 : K->Fields + "." + Fields);
}

std::optional<int64_t> keyOffset(const void *Part) {
  if (!isKeyPart(Part))
    return std::nullopt;
  const auto *K = static_cast<const KeyPart *>(Part);
  llvm::StringRef L = K->Literal;
  if (!K->Var || !K->Fields.empty() ||
      !(L.consume_front(" + ") || L.consume_front(" - ")))
    return std::nullopt;
  int64_t N = 0;
  if (L.getAsInteger(10, N))
    return std::nullopt;
  return llvm::StringRef(K->Literal).starts_with(" - ") ? -N : N;
}

const void *offsetKeyPart(const void *Base, int64_t Offset) {
  if (!isKeyPart(Base))
    return nullptr;
  const auto *K = static_cast<const KeyPart *>(Base);
  if (!K->Fields.empty())
    return nullptr;
  if (!K->Var) {
    int64_t N = 0;
    if (llvm::StringRef(K->Literal).getAsInteger(10, N) || N + Offset < 0)
      return nullptr;
    return internKey(nullptr, std::to_string(N + Offset));
  }
  if (!K->Literal.empty())
    return nullptr;
  if (Offset == 0)
    return Base;
  return internKey(K->Var, (Offset > 0 ? " + " : " - ") +
                               std::to_string(std::abs(Offset)));
}

std::string keyLiteral(const void *Part) {
  return isKeyPart(Part) ? static_cast<const KeyPart *>(Part)->Literal
                         : std::string();
}

const VarDecl *keyVariable(const void *Part) {
  return isKeyPart(Part) ? static_cast<const KeyPart *>(Part)->Var : nullptr;
}

const FieldDecl *fieldPart(const void *Part) {
  if (!Part || Part == ThisRoot || Part == ElementMark || Part == PriorMark ||
      isMappedSurrogate(Part) || isKeyPart(Part) || ownedFunction(Part) ||
      opaqueMember(Part))
    return nullptr;
  return dyn_cast<FieldDecl>(
      static_cast<const Decl *>(static_cast<const NamedDecl *>(Part)));
}

bool isAccessorPart(const void *Part) {
  if (!Part || Part == ThisRoot || Part == ElementMark || Part == PriorMark ||
      isMappedSurrogate(Part) || isKeyPart(Part) || ownedFunction(Part) ||
      opaqueMember(Part))
    return false;
  return isa<CXXMethodDecl>(
      static_cast<const Decl *>(static_cast<const NamedDecl *>(Part)));
}

std::string partName(const void *Part) {
  if (Part == ElementMark)
    return "[]";
  if (Part == PriorMark)
    return "";
  if (isMappedSurrogate(Part))
    return "second";
  if (const std::string *Function = ownedFunction(Part))
    return *Function + "()";
  if (const std::string *Member = opaqueMember(Part))
    return *Member;
  if (isKeyPart(Part)) {
    const auto *K = static_cast<const KeyPart *>(Part);
    if (!K->Var)
      return "[" + K->Literal + "]";
    return "[" + K->Var->getNameAsString() +
           (K->Fields.empty() ? "" : "." + K->Fields) + K->Literal + "]";
  }
  if (const auto *MD = dyn_cast<CXXMethodDecl>(static_cast<const Decl *>(
          static_cast<const NamedDecl *>(Part))))
    return MD->getNameAsString() + "()";
  return static_cast<const FieldDecl *>(Part)->getNameAsString();
}

std::string pathText(std::string Base, llvm::ArrayRef<const void *> Parts) {
  if (Base == "*this")
    Base.clear();
  for (size_t I = 0; I < Parts.size(); ++I) {
    if (Parts[I] == ElementMark) {
      if (I + 1 < Parts.size() && isKeyPart(Parts[I + 1]))
        Base += partName(Parts[++I]);
      else
        Base += "[...]";
      continue;
    }
    // `fileno(log.fp_)`: the object the handle before it lends.
    if (const std::string *Function = ownedFunction(Parts[I])) {
      Base = *Function + "(" + (Base.empty() ? "*this" : Base) + ")";
      continue;
    }
    std::string Name = partName(Parts[I]);
    Base = Base.empty() ? Name : Base + "." + Name;
  }
  return Base.empty() ? std::string("*this") : Base;
}

bool isStdClass(const CXXRecordDecl *RD, std::initializer_list<const char *>
                                             Names) {
  if (!RD || !RD->getIdentifier() || !RD->isInStdNamespace())
    return false;
  for (const char *N : Names)
    if (RD->getName() == N)
      return true;
  return false;
}

bool isSmartPointerType(QualType T) {
  return isStdClass(T.getNonReferenceType()->getAsCXXRecordDecl(),
                    {"unique_ptr", "shared_ptr", "weak_ptr"});
}

bool isWeakPointerType(QualType T) {
  return isStdClass(T.getNonReferenceType()->getAsCXXRecordDecl(),
                    {"weak_ptr"});
}

/// True when a member call is made on a std::unique_ptr or std::shared_ptr
/// itself (libstdc++ declares get() and reset() in private base classes, so
/// the object's type is what tells).
bool isCallOnSmartPointer(const CXXMemberCallExpr *MCE) {
  const Expr *Obj = MCE->getImplicitObjectArgument();
  return Obj && isSmartPointerType(Obj->IgnoreParenImpCasts()->getType());
}

/// Types whose copies still denote the same object: pointers, smart
/// pointers, and plain values such as POSIX descriptors.
bool copiesShareObject(QualType T) {
  T = T.getNonReferenceType();
  return T->isPointerType() || isSmartPointerType(T) ||
         !T->getAsCXXRecordDecl();
}

/// A standard container of pointers or smart pointers (a vector's
/// elements, a map's mapped values): its copies point where it does.
bool holdsPointerElements(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  if (!Spec || !Spec->isInStdNamespace() || !Spec->getIdentifier())
    return false;
  llvm::StringRef Name = Spec->getName();
  unsigned Element;
  if (llvm::is_contained({"vector", "deque", "list", "array"}, Name))
    Element = 0;
  else if (llvm::is_contained({"map", "unordered_map"}, Name))
    Element = 1;
  else
    return false;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Args.size() <= Element || Args[Element].getKind() != TemplateArgument::Type)
    return false;
  QualType E = Args[Element].getAsType();
  return E->isPointerType() || isSmartPointerType(E);
}

bool isHandleInteger(QualType T) {
  T = T.getNonReferenceType();
  return T->isIntegerType() && !T->isBooleanType() && !T->isEnumeralType() &&
         !T->isAnyCharacterType();
}

bool isStateFlag(const Path &P) {
  const FieldDecl *F = P.size() >= 2 ? fieldPart(P.back()) : nullptr;
  if (!F)
    return false;
  QualType T = F->getType();
  // `std::atomic<bool> stopping_`: the value it holds.
  if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          T->getAsCXXRecordDecl());
      Spec && Spec->isInStdNamespace() && Spec->getIdentifier() &&
      Spec->getName() == "atomic" && Spec->getTemplateArgs().size() == 1 &&
      Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
    T = Spec->getTemplateArgs()[0].getAsType();
  return T->isBooleanType() || T->isEnumeralType();
}

/// Looks through what clang wraps around an expression that does not change
/// which object it denotes.
const Expr *stripWrappers(const Expr *E) {
  while (true) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(Next))
      Next = EWC->getSubExpr();
    else if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = MTE->getSubExpr();
    else if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = BTE->getSubExpr();
    else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(Next))
      if (FC->getCastKind() == CK_ConstructorConversion ||
          FC->getCastKind() == CK_NoOp)
        Next = FC->getSubExpr();
    if (Next == E)
      return E;
    E = Next;
  }
}

const Expr *withoutCopy(const Expr *E) {
  E = stripWrappers(E);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
      CE && CE->getNumArgs() == 1 &&
      CE->getConstructor()->isCopyOrMoveConstructor() &&
      isa<MaterializeTemporaryExpr>(CE->getArg(0)->IgnoreImpCasts()))
    return stripWrappers(CE->getArg(0));
  return E;
}

/// True when a close of the object at P, made through Via, can be tracked:
/// any object but a container's element, and an element only when Via is
/// the variable of a range-for over the container (every element is closed;
/// `v[0].close()` says nothing of `v[1]`).
bool closesTrackedObject(const Path &P, const Expr *Via) {
  // `m.at(id)`, `v[i]`, `m["orders"]`: the element at that key.
  bool Keyed = true;
  for (size_t I = 0; I < P.size(); ++I)
    if (P[I] == ElementMark && (I + 1 == P.size() || !isKeyPart(P[I + 1])))
      Keyed = false;
  if (Keyed)
    return true;
  // `e.second.close()` in `for (auto &e : m)`, `p->close()` in `for (auto
  // &p : producers)` of unique_ptrs: the loop's element.
  return rangeForVariable(Via) != nullptr;
}

const VarDecl *rangeForVariable(const Expr *Via) {
  while (Via) {
    const Expr *E = stripWrappers(Via);
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      Via = ME->getBase();
    else if (const auto *UO = dyn_cast<UnaryOperator>(E);
             UO && UO->getOpcode() == UO_Deref)
      Via = UO->getSubExpr(); // `Tab &tab = *d.tab;`
    else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E);
             OCE && OCE->getNumArgs() == 1 &&
             (OCE->getOperator() == OO_Arrow || OCE->getOperator() == OO_Star))
      Via = OCE->getArg(0);
    else
      break;
  }
  const auto *DRE = Via ? dyn_cast<DeclRefExpr>(stripWrappers(Via)) : nullptr;
  if (!DRE)
    return nullptr;
  if (const auto *BD = dyn_cast<BindingDecl>(DRE->getDecl())) {
    const auto *Decomposed =
        dyn_cast_or_null<VarDecl>(BD->getDecomposedDecl());
    return Decomposed && Decomposed->isCXXForRangeDecl() ? Decomposed
                                                          : nullptr;
  }
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (VD && !VD->isCXXForRangeDecl() && VD->getType()->isReferenceType() &&
      VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getInit())
    // `Conn &c = *entry.second;` in the loop: what it was bound to.
    return rangeForVariable(VD->getInit());
  return VD && VD->isCXXForRangeDecl() ? VD : nullptr;
}

/// A standard container's class (not a smart pointer or an optional).
const CXXRecordDecl *stdContainer(const Expr *Obj) {
  const CXXRecordDecl *RD =
      Obj->IgnoreParenImpCasts()->getType().getNonReferenceType()
          ->getAsCXXRecordDecl();
  if (!RD || !RD->isInStdNamespace() || !RD->getIdentifier() ||
      isStdClass(RD, {"unique_ptr", "shared_ptr", "optional", "basic_string"}))
    return nullptr;
  return RD;
}

/// For a map's element (`m.at(k)`): the `second` of the pairs a range-for
/// over the map visits, so both name the same object.
const FieldDecl *mappedField(const CXXRecordDecl *Map) {
  for (const Decl *D : Map->decls())
    if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
      if (TD->getName() == "value_type")
        if (const CXXRecordDecl *Pair =
                TD->getUnderlyingType()->getAsCXXRecordDecl())
          for (const FieldDecl *F : Pair->fields())
            if (F->getName() == "second")
              return F->getCanonicalDecl();
  return nullptr;
}

const void *mappedPart(const CXXRecordDecl *Map) {
  if (const FieldDecl *Second = mappedField(Map))
    return Second;
  auto &Slot = mappedSurrogates()[Map->getCanonicalDecl()];
  if (!Slot)
    Slot = std::make_unique<char>();
  return Slot.get();
}

QualType mappedType(const CXXRecordDecl *Map) {
  for (const Decl *D : Map->decls())
    if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
      if (TD->getName() == "mapped_type")
        return TD->getUnderlyingType();
  return QualType();
}

bool isMap(const CXXRecordDecl *RD) {
  return llvm::any_of(RD->decls(), [](const Decl *D) {
    const auto *TD = dyn_cast<TypedefNameDecl>(D);
    return TD && TD->getName() == "mapped_type";
  });
}

const VarDecl *accessedGlobal(const FunctionDecl *FD) {
  if (!FD || FD->getNumParams() != 0 || !FD->getIdentifier() ||
      !FD->getReturnType()->isLValueReferenceType() ||
      !FD->getReturnType().getNonReferenceType()->isRecordType())
    return nullptr;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && !MD->isStatic())
    return nullptr;
  const Expr *Returned = soleReturnValue(FD);
  const auto *DRE =
      Returned ? dyn_cast<DeclRefExpr>(stripWrappers(Returned)) : nullptr;
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasGlobalStorage() || VD->getType()->isReferenceType() ||
      VD->getType()->isPointerType())
    return nullptr;
  return VD->getCanonicalDecl();
}

/// For `auto it = m.find(k);` never changed after: the find() call, whose
/// result names the element at k (or none) wherever `*it` or `it->` is.
static const CXXMemberCallExpr *foundBy(const Expr *Iter) {
  const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(Iter));
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) || !VD->getInit())
    return nullptr;
  const auto *Find = dyn_cast<CXXMemberCallExpr>(stripWrappers(VD->getInit()));
  const CXXMethodDecl *MD = Find ? Find->getMethodDecl() : nullptr;
  if (!MD || !MD->getIdentifier() || MD->getName() != "find" ||
      Find->getNumArgs() != 1 || !stdContainer(Find->getImplicitObjectArgument()))
    return nullptr;
  const auto *Fn = dyn_cast_or_null<FunctionDecl>(
      VD->getParentFunctionOrMethod());
  const Stmt *Body = Fn ? Fn->getBody() : nullptr;
  if (!Body || ExprMutationAnalyzer(*Body, VD->getASTContext()).isMutated(VD))
    return nullptr;
  return Find;
}

/// The element a range-for's iterator `__begin` names, when Iter is that
/// iterator: every element of the container (`v[...]`) it began at, or of
/// the C array it decayed from; none inside when the range is no container
/// this can name. Not a range-for's iterator: none at all.
static std::optional<std::optional<Path>> rangeElementOf(const Expr *Iter,
                                                         unsigned Depth) {
  const auto *DRE = dyn_cast<DeclRefExpr>(stripWrappers(Iter));
  const auto *It = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!It || !It->isImplicit() || !It->getInit())
    return std::nullopt;
  const Expr *Init = It->getInit()->IgnoreParenImpCasts();
  const Expr *Obj = nullptr;
  if (const auto *Begin = dyn_cast<CXXMemberCallExpr>(stripWrappers(Init))) {
    const CXXMethodDecl *MD = Begin->getMethodDecl();
    if (!MD || !MD->getIdentifier() || MD->getName() != "begin")
      return std::nullopt;
    Obj = Begin->getImplicitObjectArgument();
    if (!stdContainer(Obj))
      return std::optional<Path>();
  } else if (Init->getType()->isArrayType() && isa<DeclRefExpr>(Init)) {
    Obj = Init; // `__range` bound to a C array
  } else {
    return std::nullopt;
  }
  std::optional<Path> P = rawPathOf(Obj, Depth + 1);
  if (P)
    P->push_back(ElementMark);
  return P;
}

/// `v[i]`, `v.at(i)`, `v.front()`, `v.back()`, `m[k]`, `m.at(k)`, the
/// element `*it` where `it` is a range-for's `begin()` of a container, and
/// the one `*it` or `it->` names where `it` is what `m.find(k)` returned.
std::optional<Path> elementPathOf(const Expr *E, unsigned Depth) {
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E);
      OCE && OCE->getNumArgs() == 1 &&
      (OCE->getOperator() == OO_Star || OCE->getOperator() == OO_Arrow))
    if (const CXXMemberCallExpr *Find = foundBy(OCE->getArg(0))) {
      std::optional<Path> P =
          rawPathOf(Find->getImplicitObjectArgument(), Depth + 1);
      if (!P)
        return std::nullopt;
      P->push_back(ElementMark);
      if (const void *K = keyPartOf(Find->getArg(0)))
        P->push_back(K);
      return P;
    }
  // `*v.begin()`, `m.begin()->second`: the first element, `v[0]` of a
  // sequence, some element of a map (which key is first is not known).
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E);
      OCE && OCE->getNumArgs() == 1 &&
      (OCE->getOperator() == OO_Star || OCE->getOperator() == OO_Arrow))
    if (const auto *Begin =
            dyn_cast<CXXMemberCallExpr>(stripWrappers(OCE->getArg(0))))
      if (const CXXMethodDecl *MD = Begin->getMethodDecl();
          MD && MD->getIdentifier() &&
          (MD->getName() == "begin" || MD->getName() == "cbegin")) {
        const Expr *Obj = Begin->getImplicitObjectArgument();
        const CXXRecordDecl *RD = stdContainer(Obj);
        std::optional<Path> P = RD ? rawPathOf(Obj, Depth + 1) : std::nullopt;
        if (!P)
          return std::nullopt;
        P->push_back(ElementMark);
        P->push_back(keyPartForLiteral(isMap(RD) ? "..." : "0"));
        return P;
      }
  // A range-for's `*__begin`: a class iterator's `operator*`, or the
  // pointer a `std::array`'s `begin()` or a C array's decay gives.
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E);
      OCE && OCE->getOperator() == OO_Star && OCE->getNumArgs() == 1)
    if (std::optional<std::optional<Path>> Each =
            rangeElementOf(OCE->getArg(0), Depth))
      return *Each;
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_Deref)
    if (std::optional<std::optional<Path>> Each =
            rangeElementOf(UO->getSubExpr(), Depth))
      return *Each;
  const Expr *Obj = nullptr;
  bool Mapped = false;
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (OCE->getOperator() == OO_Subscript && OCE->getNumArgs() == 2)
      Obj = OCE->getArg(0);
  } else if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MCE->getMethodDecl();
    if (MD && MD->getIdentifier() &&
        llvm::is_contained({"at", "front", "back"}, MD->getName()))
      Obj = MCE->getImplicitObjectArgument();
  }
  const CXXRecordDecl *RD = Obj ? stdContainer(Obj) : nullptr;
  if (!RD)
    return std::nullopt;
  Mapped = isMap(RD);
  std::optional<Path> P = rawPathOf(Obj, Depth + 1);
  if (!P)
    return std::nullopt;
  P->push_back(ElementMark);
  // The element at a literal key or an unchanged variable's is one object.
  const Expr *Key = nullptr;
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E);
      OCE && OCE->getOperator() == OO_Subscript)
    Key = OCE->getArg(1);
  else if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E);
           MCE && MCE->getNumArgs() == 1)
    Key = MCE->getArg(0);
  if (const void *K = Key ? indexKeyPartOf(Key) : nullptr)
    P->push_back(K);
  // `v.front()` is `v[0]`.
  else if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E);
           MCE && !Mapped && MCE->getMethodDecl()->getName() == "front")
    P->push_back(internKey(nullptr, "0"));
  if (Mapped)
    P->push_back(mappedPart(RD));
  return P;
}

/// For `Channel &channel() { return channel_; }` (or `*channel_`, or
/// `channel_.get()`): the member's path from `this`. None for any other body.
static bool withinStd(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (DC->isStdNamespace())
      return true;
  return false;
}

/// `if (!conn_) throw std::logic_error("empty lease");`: a check an
/// accessor makes of the member F it returns, leaving by a throw only.
static bool readsOnlyMember(const Stmt *St, const FieldDecl *F, bool &Read) {
  if (const auto *ME = dyn_cast<MemberExpr>(St);
      ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts())) {
    if (ME->getMemberDecl() != F)
      return false;
    Read = true;
  }
  for (const Stmt *Child : St->children())
    if (Child && !readsOnlyMember(Child, F, Read))
      return false;
  return true;
}

static bool throwsWhenTested(const Stmt *St, const FieldDecl *F) {
  const auto *If = dyn_cast<IfStmt>(St);
  if (!F || !If || If->getElse() || If->hasInitStorage() ||
      If->hasVarStorage())
    return false;
  bool Read = false;
  if (!readsOnlyMember(If->getCond(), F, Read) || !Read)
    return false;
  const Stmt *Then = If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then)) {
    if (CS->size() != 1)
      return false;
    Then = CS->body_front();
  }
  const auto *E = dyn_cast<Expr>(Then);
  return E && isa<CXXThrowExpr>(E->IgnoreParenImpCasts());
}

std::optional<Path> returnedMember(const CXXMethodDecl *MD, unsigned Depth) {
  if (!MD || MD->isStatic() || MD->getNumParams() != 0)
    return std::nullopt;
  QualType R = MD->getReturnType();
  // `int get() const { return fd_; }`: a descriptor's copy is the same
  // descriptor.
  bool Handle = R->isIntegralOrEnumerationType() && !R->isBooleanType();
  // `std::shared_ptr<Channel> channel() const { return current_; }`: a
  // copy of the owner points at the same object.
  if (!R->isReferenceType() && !R->isPointerType() && !Handle &&
      !isSmartPointerType(R))
    return std::nullopt;
  const FunctionDecl *Def = nullptr;
  if (!MD->hasBody(Def) || !Def)
    return std::nullopt;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  // The user's own accessor of a pointer-like member may check that very
  // member before it returns it (the standard library's assertions are no
  // such check; a check of the object's state, `if (shut_) throw`, makes
  // it a use, and so does returning a number, `ping()`).
  if (!Body || Body->size() == 0 || (Body->size() > 1 && (Handle || withinStd(MD))))
    return std::nullopt;
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_back());
  if (!Ret || !Ret->getRetValue())
    return std::nullopt;
  const Expr *Value = Ret->getRetValue();
  // The owner returned by value is copied out of the member.
  if (const auto *Copy = dyn_cast<CXXConstructExpr>(stripWrappers(Value));
      Copy && isSmartPointerType(R) && Copy->getNumArgs() == 1 &&
      Copy->getConstructor()->isCopyConstructor())
    Value = Copy->getArg(0);
  std::optional<Path> P = rawPathOf(Value, Depth + 1);
  if (!P || P->size() < 2 || P->front() != ThisRoot)
    return std::nullopt;
  const FieldDecl *Returned = fieldPart((*P)[1]);
  if (!std::all_of(Body->body_begin(), Body->body_end() - 1,
                   [&](const Stmt *St) { return throwsWhenTested(St, Returned); }))
    return std::nullopt;
  if (Handle) {
    const FieldDecl *F = fieldPart(P->back());
    if (!F || !F->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
  }
  return P;
}

namespace {

/// The class `std::make_unique<D>(...)`, `std::make_shared<D>(...)`, `new
/// D(...)` or `std::unique_ptr<B>(new D(...))` makes; null for any other
/// value (a null pointer makes none and is no evidence either way: Null
/// then).
const CXXRecordDecl *madeClassOf(const Expr *E, bool &Null) {
  Null = false;
  for (int Depth = 0; E && Depth < 8; ++Depth) {
    E = E->IgnoreParenImpCasts();
    if (isa<CXXNullPtrLiteralExpr, GNUNullExpr>(E) ||
        (isa<IntegerLiteral>(E) && cast<IntegerLiteral>(E)->getValue() == 0)) {
      Null = true;
      return nullptr;
    }
    if (const auto *New = dyn_cast<CXXNewExpr>(E))
      return New->getAllocatedType()->getAsCXXRecordDecl();
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      if (!FD || !FD->isInStdNamespace() || !FD->getIdentifier() ||
          !llvm::is_contained({"make_unique", "make_shared"}, FD->getName()))
        return nullptr;
      const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
      if (!Args || Args->size() < 1 ||
          Args->get(0).getKind() != TemplateArgument::Type)
        return nullptr;
      return Args->get(0).getAsType()->getAsCXXRecordDecl();
    }
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = MTE->getSubExpr();
      continue;
    }
    if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E)) {
      E = BTE->getSubExpr();
      continue;
    }
    if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E)) {
      E = FC->getSubExpr();
      continue;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      if (CE->getNumArgs() == 0) {
        Null = true;
        return nullptr;
      }
      E = CE->getArg(0);
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

/// The member F at E: `profiler_`, `this->profiler_`.
bool namesMember(const Expr *E, const FieldDecl *F) {
  const auto *ME = E ? dyn_cast<MemberExpr>(E->IgnoreParenImpCasts()) : nullptr;
  return ME && ME->getMemberDecl()->getCanonicalDecl() == F->getCanonicalDecl() &&
         isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts());
}

/// Every class the code in Body assigns F to make (Made), or false when
/// one assignment makes something else.
bool collectMade(const Stmt *Body, const FieldDecl *F,
                 llvm::SmallPtrSetImpl<const CXXRecordDecl *> &Made) {
  llvm::SmallVector<const Stmt *, 32> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *St = Stack.pop_back_val();
    if (!St)
      continue;
    for (const Stmt *Child : St->children())
      Stack.push_back(Child);
    const Expr *Target = nullptr, *Value = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(St);
        BO && BO->isAssignmentOp()) {
      Target = BO->getLHS();
      Value = BO->getRHS();
    } else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(St);
               OCE && OCE->getOperator() == OO_Equal && OCE->getNumArgs() == 2) {
      Target = OCE->getArg(0);
      Value = OCE->getArg(1);
    } else if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(St)) {
      const CXXMethodDecl *MD = MCE->getMethodDecl();
      if (MD && MD->getIdentifier() &&
          llvm::is_contained({"reset", "swap"}, MD->getName()) &&
          namesMember(MCE->getImplicitObjectArgument(), F)) {
        if (MD->getName() == "swap" || MCE->getNumArgs() != 1)
          return MD->getName() != "swap";
        Target = MCE->getImplicitObjectArgument();
        Value = MCE->getArg(0);
      }
    }
    if (!Target || !namesMember(Target, F))
      continue;
    bool Null = false;
    const CXXRecordDecl *RD = madeClassOf(Value, Null);
    if (RD)
      Made.insert(RD->getCanonicalDecl());
    else if (!Null)
      return false;
  }
  return true;
}

} // namespace

const CXXRecordDecl *madeClassOfMember(const FieldDecl *F) {
  if (!F || F->getAccess() != AS_private)
    return nullptr;
  QualType T = F->getType();
  const CXXRecordDecl *Pointee = nullptr;
  if (T->isPointerType())
    Pointee = T->getPointeeType()->getAsCXXRecordDecl();
  else if (isStdType(T, {"unique_ptr", "shared_ptr"}))
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(
            T->getAsCXXRecordDecl());
        Spec && Spec->getTemplateArgs().size() >= 1 &&
        Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
      Pointee = Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
  if (!Pointee || !Pointee->hasDefinition() || !Pointee->isPolymorphic())
    return nullptr;
  const auto *Owner = dyn_cast<CXXRecordDecl>(F->getParent());
  if (!Owner || !Owner->hasDefinition())
    return nullptr;
  llvm::SmallPtrSet<const CXXRecordDecl *, 2> Made;
  for (const CXXMethodDecl *M : Owner->getDefinition()->methods()) {
    if (M->isDeleted() || (M->isDefaulted() && !isa<CXXConstructorDecl>(M)) ||
        M->isImplicit())
      continue;
    // A method another unit defines may assign it anything.
    const FunctionDecl *Def = nullptr;
    if (!M->hasBody(Def) || !Def)
      return nullptr;
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->isMemberInitializer() &&
            Init->getMember()->getCanonicalDecl() == F->getCanonicalDecl() &&
            !Init->isInClassMemberInitializer()) {
          bool Null = false;
          if (const CXXRecordDecl *RD = madeClassOf(Init->getInit(), Null))
            Made.insert(RD->getCanonicalDecl());
          else if (!Null)
            return nullptr;
        }
    if (!collectMade(Def->getBody(), F, Made))
      return nullptr;
  }
  if (const Expr *Init = F->getInClassInitializer()) {
    bool Null = false;
    if (const CXXRecordDecl *RD = madeClassOf(Init, Null))
      Made.insert(RD->getCanonicalDecl());
    else if (!Null)
      return nullptr;
  }
  if (Made.size() != 1)
    return nullptr;
  const CXXRecordDecl *D = (*Made.begin())->getDefinition();
  if (!D || D->getCanonicalDecl() == Pointee->getCanonicalDecl() ||
      !D->isDerivedFrom(Pointee->getDefinition()))
    return nullptr;
  return D;
}

const CXXRecordDecl *dynamicClassOf(const CallExpr *Call) {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call);
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  if (!MD || !MD->isVirtual() || MD->hasAttr<FinalAttr>())
    return nullptr;
  const Expr *Obj = MCE->getImplicitObjectArgument()->IgnoreParenImpCasts();
  // `profiler_->readKnots()`: the smart pointer's operator-> or operator*.
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Obj);
      OCE && (OCE->getOperator() == OO_Arrow || OCE->getOperator() == OO_Star) &&
      OCE->getNumArgs() == 1)
    Obj = OCE->getArg(0)->IgnoreParenImpCasts();
  else if (const auto *UO = dyn_cast<UnaryOperator>(Obj);
           UO && UO->getOpcode() == UO_Deref)
    Obj = UO->getSubExpr()->IgnoreParenImpCasts();
  const auto *ME = dyn_cast<MemberExpr>(Obj);
  if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  return F ? madeClassOfMember(F) : nullptr;
}

/// A hint only: a name that says each call hands out another object.
static bool namesAnotherObject(llvm::StringRef Name) {
  std::string Lower = Name.lower();
  for (const char *Verb : {"next", "acquire", "take", "pop", "create", "make",
                           "new", "open", "alloc", "borrow", "lease",
                           "checkout", "spawn", "fresh", "pick", "any",
                           "random", "current", "active"})
    if (llvm::StringRef(Lower).starts_with(Verb))
      return true;
  return false;
}

bool opaqueAccessor(const CXXMethodDecl *MD) {
  if (!MD || MD->isStatic() || MD->getNumParams() != 0 || MD->hasBody() ||
      !MD->getIdentifier() || MD->isVirtual())
    return false;
  QualType R = MD->getReturnType();
  if (!R->isLValueReferenceType())
    return false;
  const CXXRecordDecl *RD = R.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || RD->isInStdNamespace() || MD->getParent()->isInStdNamespace())
    return false;
  return !namesAnotherObject(MD->getName());
}

namespace {
/// The objects accessors name in the unit being analyzed.
struct AccessorObjects {
  llvm::DenseMap<const FunctionDecl *, const VarDecl *> ByFunction;
  llvm::DenseMap<const VarDecl *, const FunctionDecl *> FunctionOf;
};
thread_local AccessorObjects Accessors;

/// `Bus &bus();` declared here and defined in another unit.
bool opaqueAccessorFunction(const FunctionDecl *FD) {
  if (FD->hasBody() || FD->getNumParams() != 0 || !FD->getIdentifier() ||
      FD->isVariadic())
    return false;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && !MD->isStatic())
    return false;
  QualType R = FD->getReturnType();
  const CXXRecordDecl *RD = R->isLValueReferenceType()
                                ? R.getNonReferenceType()->getAsCXXRecordDecl()
                                : nullptr;
  if (!RD || RD->isInStdNamespace() || FD->isInStdNamespace() ||
      FD->getASTContext().getSourceManager().isInSystemHeader(
          FD->getLocation()))
    return false;
  return !namesAnotherObject(FD->getName());
}
} // namespace

void resetAccessorObjects() { Accessors = AccessorObjects(); }

const VarDecl *accessorObject(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  FD = FD->getCanonicalDecl();
  if (auto It = Accessors.ByFunction.find(FD); It != Accessors.ByFunction.end())
    return It->second;
  const VarDecl *VD = accessedGlobal(FD);
  if (!VD && opaqueAccessorFunction(FD)) {
    // Never added to a declaration context: it only names the result.
    ASTContext &Ctx = FD->getASTContext();
    QualType T = FD->getReturnType().getNonReferenceType();
    VD = VarDecl::Create(Ctx, Ctx.getTranslationUnitDecl(), FD->getLocation(),
                         FD->getLocation(),
                         &Ctx.Idents.get(FD->getQualifiedNameAsString() + "()"),
                         T, Ctx.getTrivialTypeSourceInfo(T), SC_Static);
  }
  Accessors.ByFunction[FD] = VD;
  if (VD)
    Accessors.FunctionOf.try_emplace(VD, FD);
  return VD;
}

const FunctionDecl *accessorOfObject(const VarDecl *VD) {
  return VD ? Accessors.FunctionOf.lookup(VD) : nullptr;
}

const VarDecl *returnedLocal(const Expr *V) {
  V = stripWrappers(V);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(V);
      CE && CE->getNumArgs() == 1 &&
      CE->getConstructor()->isCopyOrMoveConstructor())
    V = stripWrappers(CE->getArg(0));
  const auto *DRE = dyn_cast<DeclRefExpr>(V);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || VD->getType()->isReferenceType())
    return nullptr;
  return VD->getCanonicalDecl();
}

const Expr *soleReturnValue(const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def)
    return nullptr;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->body_empty())
    return nullptr;
  // `std::lock_guard<std::mutex> lock(mutex_); return state_ == Open;`:
  // the lock only guards the read.
  for (const Stmt *St : Body->body()) {
    if (St == Body->body_back())
      break;
    const auto *DS = dyn_cast<DeclStmt>(St);
    if (!DS || !llvm::all_of(DS->decls(), [](const Decl *D) {
          const auto *VD = dyn_cast<VarDecl>(D);
          // `static Registry r; return r;`: the object it hands out.
          return VD && (VD->isStaticLocal() ||
                        isStdType(VD->getType(),
                                  {"lock_guard", "unique_lock", "scoped_lock",
                                   "shared_lock"}));
        }))
      return nullptr;
  }
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_back());
  return Ret ? Ret->getRetValue() : nullptr;
}

std::optional<Path> returnedElement(const CXXMemberCallExpr *MCE,
                                    unsigned Depth) {
  const CXXMethodDecl *MD = MCE->getMethodDecl();
  if (!MD || MD->isStatic() || MD->getNumParams() == 0 ||
      MCE->getNumArgs() != MD->getNumParams() ||
      !MD->getReturnType()->isReferenceType())
    return std::nullopt;
  const Expr *Returned = soleReturnValue(MD);
  if (!Returned)
    return std::nullopt;
  std::optional<Path> Inner = rawPathOf(Returned, Depth + 1);
  if (!Inner || Inner->size() < 2 || Inner->front() != ThisRoot)
    return std::nullopt;
  auto Base = rawPathOf(MCE->getImplicitObjectArgument(), Depth + 1);
  if (!Base)
    return std::nullopt;
  for (const void *Part : llvm::ArrayRef<const void *>(*Inner).drop_front()) {
    const auto *PVD = dyn_cast_or_null<ParmVarDecl>(keyVariable(Part));
    if (!PVD) {
      Base->push_back(Part);
      continue;
    }
    if (!keyLiteral(Part).empty())
      return std::nullopt; // an offset from the parameter: no caller's key
    // The key the caller passes for the parameter.
    const FunctionDecl *Owner = dyn_cast<FunctionDecl>(PVD->getDeclContext());
    if (!Owner || Owner->getCanonicalDecl() != MD->getCanonicalDecl())
      return std::nullopt;
    const void *Key = keyPartWithFields(
        keyPartOf(MCE->getArg(PVD->getFunctionScopeIndex())), keyFields(Part));
    if (!Key)
      return std::nullopt;
    Base->push_back(Key);
  }
  return Base;
}

/// The access path an expression denotes, before aliases are resolved,
/// looking through parentheses, casts, dereferences, smart pointers and
/// local references. None when it is not a stable path (a call result...).
std::optional<Path> rawPathOf(const Expr *E, unsigned Depth) {
  if (!E || Depth > 16)
    return std::nullopt;
  E = stripWrappers(E);
  if (std::optional<Path> Element = elementPathOf(E, Depth))
    return Element;
  // `fds[1]` of a C array (or of the pointer a helper is given it as): the
  // element at a literal index or at an unchanged variable's, as for a
  // container's.
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    const void *Key = keyPartOf(ASE->getIdx());
    std::optional<Path> Base =
        Key ? rawPathOf(ASE->getBase(), Depth + 1) : std::nullopt;
    if (!Base)
      return std::nullopt;
    Base->push_back(ElementMark);
    Base->push_back(Key);
    return Base;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    // `auto &[key, conn] : m`: the binding names a member of the element.
    if (const auto *BD = dyn_cast<BindingDecl>(DRE->getDecl()))
      return BD->getBinding() ? rawPathOf(BD->getBinding(), Depth + 1)
                              : std::nullopt;
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return std::nullopt;
    // A local reference is another name for what it was bound to.
    if (VD->getType()->isReferenceType() && VD->hasLocalStorage() &&
        !isa<ParmVarDecl>(VD) && VD->getInit())
      if (auto Aliased = rawPathOf(VD->getInit(), Depth + 1))
        return Aliased;
    return Path{VD->getCanonicalDecl()};
  }
  if (isa<CXXThisExpr>(E))
    return Path{ThisRoot};
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD)
      return std::nullopt;
    auto Base = rawPathOf(ME->getBase(), Depth + 1);
    if (!Base)
      return std::nullopt;
    Base->push_back(FD->getCanonicalDecl());
    return Base;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref || UO->getOpcode() == UO_AddrOf)
      return rawPathOf(UO->getSubExpr(), Depth + 1);
    return std::nullopt;
  }
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E)) {
    OverloadedOperatorKind K = OCE->getOperator();
    if ((K == OO_Arrow || K == OO_Star) && OCE->getNumArgs() == 1) {
      // A handle class's own `operator->` returning the member it owns
      // (`return p_.get();`): that member, as its destructor names it.
      const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OCE->getDirectCallee());
      if (MD && !MD->getParent()->isInStdNamespace())
        if (std::optional<Path> Member = returnedMember(MD, Depth)) {
          auto Base = rawPathOf(OCE->getArg(0), Depth + 1);
          if (!Base)
            return std::nullopt;
          Base->append(Member->begin() + 1, Member->end());
          return Base;
        }
      return rawPathOf(OCE->getArg(0), Depth + 1);
    }
    return std::nullopt;
  }
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MCE->getMethodDecl();
    // sp.get(), and w.lock() of a weak_ptr (the object it observes, if
    // still owned).
    if (MD && MD->getIdentifier() && isCallOnSmartPointer(MCE) &&
        (MD->getName() == "get" ||
         (MD->getName() == "lock" &&
          isWeakPointerType(
              MCE->getImplicitObjectArgument()->IgnoreParenImpCasts()
                  ->getType()))))
      return rawPathOf(MCE->getImplicitObjectArgument(), Depth + 1);
    // An accessor whose body only returns a member: that member.
    if (std::optional<Path> Element = returnedElement(MCE, Depth))
      return Element;
    if (std::optional<Path> Member = returnedMember(MD, Depth)) {
      auto Base = rawPathOf(MCE->getImplicitObjectArgument(), Depth + 1);
      if (!Base)
        return std::nullopt;
      Base->append(Member->begin() + 1, Member->end());
      return Base;
    }
    // `session.channel()` of an accessor defined elsewhere: the same object
    // each time it is called on the same object.
    if (opaqueAccessor(MD)) {
      auto Base = rawPathOf(MCE->getImplicitObjectArgument(), Depth + 1);
      if (!Base)
        return std::nullopt;
      Base->push_back(MD->getCanonicalDecl());
      return Base;
    }
    return std::nullopt;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    // `registry()`, `Bus::instance()`: the one object the accessor returns.
    if (const VarDecl *Global = accessorObject(CE->getDirectCallee()))
      return Path{Global};
    // std::get<1>(p) of a std::pair: p.second (how structured bindings of a
    // map's elements name them).
    const FunctionDecl *Get = CE->getDirectCallee();
    if (Get && Get->isInStdNamespace() && Get->getIdentifier() &&
        Get->getName() == "get" && CE->getNumArgs() == 1 &&
        Get->getTemplateSpecializationArgs() &&
        Get->getTemplateSpecializationArgs()->size() > 0 &&
        Get->getTemplateSpecializationArgs()->get(0).getKind() ==
            TemplateArgument::Integral)
      if (const CXXRecordDecl *Pair = CE->getArg(0)->getType()
                                          .getNonReferenceType()
                                          ->getAsCXXRecordDecl();
          Pair && isStdClass(Pair, {"pair"})) {
        unsigned Index = Get->getTemplateSpecializationArgs()
                             ->get(0)
                             .getAsIntegral()
                             .getZExtValue();
        std::optional<Path> Base = rawPathOf(CE->getArg(0), Depth + 1);
        auto Fields = Pair->fields();
        auto F = Fields.begin();
        for (unsigned I = 0; I < Index && F != Fields.end(); ++I)
          ++F;
        if (!Base || F == Fields.end())
          return std::nullopt;
        Base->push_back(F->getCanonicalDecl());
        return Base;
      }
    // std::move(x) still denotes x.
    const FunctionDecl *FD = CE->getDirectCallee();
    if (FD && FD->isInStdNamespace() && FD->getIdentifier() &&
        llvm::is_contained({"move", "forward", "ref", "cref"}, FD->getName()) &&
        CE->getNumArgs() == 1)
      return rawPathOf(CE->getArg(0), Depth + 1);
  }
  return std::nullopt;
}

bool isStdType(QualType T, std::initializer_list<const char *> Names) {
  return isStdClass(T.getNonReferenceType()->getAsCXXRecordDecl(), Names);
}

/// A string literal, through the conversions that make a std::string or
/// std::string_view of it (`logon("35=A")` into `const std::string &`).
const StringLiteral *stringLiteralOf(const Expr *E) {
  for (int Depth = 0; E && Depth < 8; ++Depth) {
    E = E->IgnoreParenImpCasts();
    if (const auto *SL = dyn_cast<StringLiteral>(E))
      return SL;
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MTE->getSubExpr();
    else if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BTE->getSubExpr();
    else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
      E = FC->getSubExpr();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
             CE && CE->getNumArgs() >= 1 &&
             (CE->getNumArgs() == 1 || isa<CXXDefaultArgExpr>(CE->getArg(1))))
      E = CE->getArg(0);
    else
      return nullptr;
  }
  return nullptr;
}

int64_t stringConstant(llvm::StringRef Text) {
  // Far from the integers code compares with; the same in every unit.
  return int64_t(1) << 61 |
         static_cast<int64_t>(llvm::xxh3_64bits(Text) & ((uint64_t(1) << 60) - 1));
}

} // namespace typestate
} // namespace errlint
