//===- AccessPathTest.cpp - Which object an expression denotes ------------===//
//
// rawPathOf() is the one rule every analysis uses for which object an
// expression names. Each test parses a small function and asks for the path
// of the object the last call `use(...)` is given.
//
//===----------------------------------------------------------------------===//
#include "typestate/AccessPath.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace errlint::typestate;

namespace {

/// Just enough of the standard library for the paths: no system header is
/// read, so the test needs no installed clang resource directory.
const char *const Prelude = R"cpp(
namespace std {
template <class A, class B> struct pair { A first; B second; };
template <class T> struct vector {
  T &operator[](unsigned long);
  T &at(unsigned long);
  T &front();
  T *begin();
  T *end();
};
template <class K, class V> struct map {
  using value_type = pair<const K, V>;
  using mapped_type = V;
  V &at(const K &);
  V &operator[](const K &);
  value_type Storage; // instantiates the pair, as a real map's nodes do
};
template <class T> struct unique_ptr {
  T *operator->() const;
  T &operator*() const;
  T *get() const;
};
template <class T> T &&move(T &t) { return static_cast<T &&>(t); }
} // namespace std
struct Conn { void close(); };
struct Holder {
  Conn conn_;
  Conn &conn() { return conn_; }
  Conn *raw;
  void run();
};
void use(Conn &);
void use(Conn &&);
Conn make();
)cpp";

/// The argument of the last call to `use` in the function `f`.
struct LastUse : RecursiveASTVisitor<LastUse> {
  const Expr *Arg = nullptr;
  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *FD = CE->getDirectCallee())
      if (FD->getIdentifier() && FD->getName() == "use" && CE->getNumArgs())
        Arg = CE->getArg(0);
    return true;
  }
};

/// The path of `use`'s argument in Body, as names: "c.conn_", "v.[]".
class AccessPathTest : public ::testing::Test {
protected:
  std::string pathIn(const std::string &Body) {
    // The accessors' objects are one unit's, as Engine keeps them.
    resetAccessorObjects();
    AST = tooling::buildASTFromCodeWithArgs(std::string(Prelude) + Body,
                                            {"-std=c++17"});
    if (!AST)
      return "<no AST>";
    LastUse V;
    V.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
    if (!V.Arg)
      return "<no use>";
    std::optional<Path> P = rawPathOf(V.Arg);
    if (!P)
      return "none";
    std::string Out;
    for (size_t I = 0; I < P->size(); ++I) {
      const void *Part = (*P)[I];
      if (I == 0)
        Out = Part == ThisRoot ? "this"
                               : static_cast<const NamedDecl *>(Part)
                                     ->getNameAsString();
      else
        Out += "." + partName(Part);
    }
    return Out;
  }
  void TearDown() override { resetAccessorObjects(); }
  std::unique_ptr<ASTUnit> AST;
};

TEST_F(AccessPathTest, VariablesAndFields) {
  EXPECT_EQ(pathIn("void f() { Conn c; use(c); }"), "c");
  EXPECT_EQ(pathIn("void f(Holder &h) { use(h.conn_); }"), "h.conn_");
  EXPECT_EQ(pathIn("void f(Holder *h) { use(h->conn_); }"), "h.conn_");
  EXPECT_EQ(pathIn("void f(Holder *h) { use(*h->raw); }"), "h.raw");
  EXPECT_EQ(pathIn("void Holder::run() { use(conn_); }"), "this.conn_");
}

TEST_F(AccessPathTest, ParenthesesCastsAndMovesNameTheSameObject) {
  EXPECT_EQ(pathIn("void f() { Conn c; use((c)); }"), "c");
  EXPECT_EQ(pathIn("void f() { Conn c; use(std::move(c)); }"), "c");
  EXPECT_EQ(pathIn("void f() { Conn c; Conn *p = &c; use(*&c); }"), "c");
}

TEST_F(AccessPathTest, ALocalReferenceIsAnotherNameForWhatItBinds) {
  EXPECT_EQ(pathIn("void f(Holder &h) { Conn &r = h.conn_; use(r); }"),
            "h.conn_");
  // A parameter of reference type is its own root: the caller binds it.
  EXPECT_EQ(pathIn("void f(Conn &r) { use(r); }"), "r");
}

TEST_F(AccessPathTest, AnAccessorReturningAMemberIsThatMember) {
  EXPECT_EQ(pathIn("void f(Holder &h) { use(h.conn()); }"), "h.conn_");
}

TEST_F(AccessPathTest, SmartPointersDenoteWhatTheyOwn) {
  EXPECT_EQ(pathIn("void f(std::unique_ptr<Conn> &p) { use(*p); }"), "p");
  EXPECT_EQ(pathIn("void f(std::unique_ptr<Conn> &p) { use(*p.get()); }"),
            "p");
}

TEST_F(AccessPathTest, ContainerElementsAreOneAbstractElement) {
  // A computed key names some element, not a known one.
  EXPECT_EQ(pathIn("void f(std::vector<Conn> &v, unsigned long i) { use(v[i * 2]); }"),
            "v.[]");
  // A map's element is the `second` of the pairs a range-for visits.
  EXPECT_EQ(pathIn("void f(std::map<int, Conn> &m, int k) { use(m.at(k * 2)); }"),
            "m.[].second");
}

TEST_F(AccessPathTest, TheElementAtAKeyIsOneElement) {
  EXPECT_EQ(pathIn("void f(std::vector<Conn> &v) { use(v[0]); }"), "v.[].[0]");
  // front() is the element at 0; a map has no front().
  EXPECT_EQ(pathIn("void f(std::vector<Conn> &v) { use(v.front()); }"),
            "v.[].[0]");
  EXPECT_EQ(pathIn("void f(std::vector<Conn> &v) { use(v.at(1)); }"),
            "v.[].[1]");
  EXPECT_EQ(pathIn("void f(std::vector<Conn> &v, unsigned long i) { use(v[i]); }"),
            "v.[].[i]");
  EXPECT_EQ(pathIn("void f(std::map<int, Conn> &m) { use(m.at(1)); }"),
            "m.[].[1].second");
  EXPECT_EQ(pathIn("void f(std::map<int, Conn> &m, int id) { use(m[id]); }"),
            "m.[].[id].second");
  // A global's value may change behind the function's back.
  EXPECT_EQ(pathIn("int g; void f(std::map<int, Conn> &m) { use(m[g]); }"),
            "m.[].second");
}

TEST_F(AccessPathTest, OffsetsAndNamedConstantsAreKeys) {
  // An unchanged variable plus or minus a constant is an element of its own.
  EXPECT_EQ(pathIn("void f(std::vector<Conn> &v, unsigned long i) { use(v[i + 1]); }"),
            "v.[].[i + 1]");
  EXPECT_EQ(pathIn("void f(std::vector<Conn> &v, unsigned long i) { use(v[i - 2]); }"),
            "v.[].[i - 2]");
  // A named integer constant is the literal it holds.
  EXPECT_EQ(pathIn("constexpr int kNorth = 3; "
                   "void f(std::map<int, Conn> &m) { use(m.at(kNorth)); }"),
            "m.[].[3].second");
}

TEST_F(AccessPathTest, ACallsResultIsNoStablePath) {
  EXPECT_EQ(pathIn("void f() { Conn c = make(); use(c); }"), "c");
  EXPECT_EQ(pathIn("Conn &pick(); void f() { use(pick()); }"), "none");
}

TEST_F(AccessPathTest, AFunctionHandingOutOneObjectNamesIt) {
  // A static local, a global, a singleton's static instance(): the object.
  EXPECT_EQ(pathIn("Conn &bus() { static Conn b; return b; } "
                   "void f() { use(bus()); }"),
            "b");
  EXPECT_EQ(pathIn("Conn g; Conn &glob() { return g; } void f() { use(glob()); }"),
            "g");
  EXPECT_EQ(pathIn("struct Reg { static Reg &instance() { static Reg r; return r; } "
                   "Conn c; }; void f() { use(Reg::instance().c); }"),
            "r.c");
  // Defined in another unit: a variable standing for its result here.
  EXPECT_EQ(pathIn("Conn &hub(); void f() { use(hub()); }"), "hub()");
  // Anything else it may hand out differs from call to call.
  EXPECT_EQ(pathIn("Conn &local() { Conn *p = new Conn; return *p; } "
                   "void f() { use(local()); }"),
            "none");
  EXPECT_EQ(pathIn("Conn &acquire(); void f() { use(acquire()); }"), "none");
  EXPECT_EQ(pathIn("Conn &byId(int); void f() { use(byId(1)); }"), "none");
}

TEST(StripWrappersTest, NoWrapperLeftOnAPlainName) {
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      std::string(Prelude) + "void f() { Conn c; use(c); }", {"-std=c++17"});
  ASSERT_TRUE(AST);
  LastUse V;
  V.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  ASSERT_TRUE(V.Arg);
  EXPECT_TRUE(isa<DeclRefExpr>(stripWrappers(V.Arg)));
}

} // namespace
