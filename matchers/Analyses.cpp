//===- Analyses.cpp - The registry of errlint's analyses ------------------===//
#include "Analyses.h"
#include <iterator>

namespace errlint {

namespace {

constexpr AnalysisInfo Table[] = {
    {AnalysisKind::UseAfterClose, "use-after-close", /*InRuleFiles=*/true, /*Typestate=*/true,
     /*NeedsUse=*/true, /*NeedsSubmit=*/false, "used here",
     "The `use-after-close` analysis follows each object through the "
     "control-flow graph of every function, and into the helpers, "
     "methods and lambdas it calls. It reports a *use* call (a method "
     "on the object, or a function taking it as the handle argument) "
     "on an object whose type matches a profile when one of the "
     "profile's *close* calls may have run on the same object before "
     "it, on some path, with no *reopen* call, new assignment or "
     "closed/open check in between. A close on one branch or in an "
     "earlier loop iteration counts; a `return`, `throw` or `break` "
     "right after the close ends the danger."},
    {AnalysisKind::DoubleClose, "double-close", /*InRuleFiles=*/true, /*Typestate=*/true,
     /*NeedsUse=*/false, /*NeedsSubmit=*/false, "closed again",
     "The `double-close` analysis follows each object through the "
     "control-flow graph of every function, like `use-after-close`, "
     "and reports a *close* call that may run on an object a profile's "
     "*close* call has already closed, on some path, with no *reopen* "
     "call or new assignment in between."},
    {AnalysisKind::CloseWhileInUse, "close-while-in-use", /*InRuleFiles=*/true, /*Typestate=*/true,
     /*NeedsUse=*/false, /*NeedsSubmit=*/true, "closed while in use",
     "The `close-while-in-use` analysis looks at the threads and tasks "
     "a function starts. It reports a *close* call (of the profiles "
     "of the `use-after-close` rules) on an object that a "
     "`std::thread` or `std::jthread` not yet joined, a detached "
     "thread, a `std::async` future not yet waited on, or a callable "
     "handed to an executor (a profile's *submit* calls) not yet "
     "waited for (its *wait* calls) may still be using. Notes point at "
     "where the thread starts and where it uses the object."},
    {AnalysisKind::AstMatcher, "ast-matcher", /*InRuleFiles=*/true, /*Typestate=*/false,
     /*NeedsUse=*/false, /*NeedsSubmit=*/false, "reported here", ""},
    {AnalysisKind::Nolint, "nolint", /*InRuleFiles=*/false,
     /*Typestate=*/false, /*NeedsUse=*/false, /*NeedsSubmit=*/false,
     "reported here", ""},
};
static_assert(std::size(Table) == unsigned(AnalysisKind::Nolint) + 1,
              "one row per analysis, in the enum's order");

} // namespace

llvm::ArrayRef<AnalysisInfo> analyses() { return Table; }

const AnalysisInfo &analysisInfo(AnalysisKind K) {
  return Table[static_cast<unsigned>(K)];
}

std::optional<AnalysisKind> analysisNamed(llvm::StringRef Name) {
  for (const AnalysisInfo &A : Table)
    if (A.InRuleFiles && A.Name == Name)
      return A.Kind;
  return std::nullopt;
}

} // namespace errlint
