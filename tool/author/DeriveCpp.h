//===- DeriveCpp.h - C++ to check a draft against its record ----*- C++ -*-===//
//
// A draft is checked on the record's own example: the `before` and `after`
// parts of exampleFix (and tryCatchPattern's try body) become functions of
// one small C++ translation unit. The statements on the draft's object
// become calls on a class declared from the draft's profile; the other
// objects get classes of their own (one handed a lambda is an executor, as
// Java's are); Java-isms with a plain C++ reading are mapped (`() -> expr`
// lambdas, `catch (T e)`, `synchronized`, `for (T x : xs)`), and arguments
// that do not matter (`new T(...)`, `Duration.ofSeconds(n)`, constants)
// become placeholders. No clang header is included.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_DERIVECPP_H
#define ERRLINT_DERIVECPP_H

#include "Derive.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace errlint {

enum class FixHalf { Before, After, TryBody };

/// "before", "after", "try body".
const char *halfName(FixHalf H);

/// The parts of an exampleFix, split at its `// before` and `// after`
/// marker lines (also `// bad` / `// good`, `// wrong` / `// fixed`).
struct FixParts {
  std::string Before, After;
};
std::optional<FixParts> splitExampleFix(llvm::StringRef Fix);

/// One function of the generated unit.
struct CheckedHalf {
  FixHalf Half = FixHalf::Before;
  std::string Function;
  unsigned FirstLine = 0, LastLine = 0; ///< Of the function, in the unit.
  std::vector<std::string> ObjectCalls; ///< Called on the draft's object.
  std::vector<std::string> Dropped;     ///< Statements with no C++ reading.
  /// The function starts with the record's premise: the object may have
  /// been closed before (by another thread, or earlier).
  bool Premise = false;
};

struct CheckUnit {
  std::string Code;
  std::vector<CheckedHalf> Halves;

  const CheckedHalf *half(FixHalf H) const;
  /// The half whose function holds Line, or nullptr.
  const CheckedHalf *halfAt(unsigned Line) const;
};

/// The unit for Parts, with Api's class for the draft's object. Title is
/// the unit's first comment.
CheckUnit buildCheckUnit(
    const DraftApi &Api,
    const std::vector<std::pair<FixHalf, std::string>> &Parts,
    const std::string &Title);

} // namespace errlint

#endif
