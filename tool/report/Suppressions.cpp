//===- Suppressions.cpp - NOLINT comments --------------------------------===//

#include "Suppressions.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

namespace errlint {

const char NolintRuleId[] = "nolint";

const Rule &nolintRule() {
  static const Rule R = [] {
    Rule N;
    N.Id = NolintRuleId;
    N.Summary = "A NOLINTBEGIN comment has no matching NOLINTEND, or the "
                "reverse";
    N.Description =
        "NOLINTBEGIN(checks) and NOLINTEND(checks) comments silence findings "
        "between them, and must pair up with the same check list, as in "
        "clang-tidy. An unmatched one silences nothing and is reported as an "
        "error, so that a misspelt or missing end does not go unnoticed. Add "
        "the missing comment, or make the two check lists the same.";
    N.Severity = SeverityLevel::Error;
    N.Analysis = AnalysisKind::Nolint;
    return N;
  }();
  return R;
}

namespace {

using Kind = Suppressions::Kind;

std::optional<Kind> kindOf(llvm::StringRef Word) {
  return llvm::StringSwitch<std::optional<Kind>>(Word)
      .Case("NOLINT", Kind::NoLint)
      .Case("NOLINTNEXTLINE", Kind::NextLine)
      .Case("NOLINTBEGIN", Kind::Begin)
      .Case("NOLINTEND", Kind::End)
      .Default(std::nullopt);
}

/// "a , b" and "a,b" name the same checks (NOLINTBEGIN/END must match).
std::string normalizeChecks(llvm::StringRef Checks) {
  llvm::SmallVector<llvm::StringRef> Parts;
  Checks.split(Parts, ',');
  for (llvm::StringRef &P : Parts)
    P = P.trim();
  return llvm::join(Parts, ",");
}

/// The checks a directive silences: all without a list; negative globs are
/// ignored, as clang-tidy does.
GlobList checksOf(const std::optional<std::string> &Checks) {
  return GlobList(Checks.value_or("*"), /*KeepNegative=*/false);
}

} // namespace

Suppressions::Suppressions(llvm::StringRef Buffer) : Text(Buffer.str()) {
  LineStarts.push_back(0);
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      LineStarts.push_back(I + 1);

  llvm::StringRef T = Text;
  size_t Pos = 0;
  while ((Pos = T.find("NOLINT", Pos)) != llvm::StringRef::npos) {
    size_t Start = Pos;
    Pos += 6;
    while (Pos < T.size() && llvm::isAlpha(T[Pos]))
      ++Pos;
    std::optional<Kind> K = kindOf(T.slice(Start, Pos));
    if (!K)
      continue;
    std::optional<std::string> Checks;
    if (Pos < T.size() && T[Pos] == '(') {
      size_t Close = T.find_first_of("\n)", Pos + 1);
      if (Close != llvm::StringRef::npos && T[Close] == ')') {
        Checks = normalizeChecks(T.slice(Pos + 1, Close));
        Pos = Close + 1;
      }
    }
    auto LineIt = std::upper_bound(LineStarts.begin(), LineStarts.end(), Start);
    unsigned Line = static_cast<unsigned>(LineIt - LineStarts.begin());
    unsigned Column = static_cast<unsigned>(Start - *(LineIt - 1)) + 1;
    Directives.push_back({*K, Start, Line, Column, Checks});
  }

  // Blocks nest: each NOLINTEND closes the innermost open NOLINTBEGIN, which
  // must name the same checks.
  std::vector<const Directive *> Open;
  for (const Directive &D : Directives) {
    if (D.K == Kind::Begin) {
      Open.push_back(&D);
    } else if (D.K == Kind::End) {
      if (!Open.empty() && Open.back()->Checks == D.Checks) {
        const Directive *B = Open.back();
        Open.pop_back();
        Blocks.push_back({B->Offset, D.Offset, checksOf(B->Checks)});
      } else {
        Unmatched.push_back(D);
      }
    }
  }
  for (const Directive *B : Open)
    Unmatched.push_back(*B);
  std::sort(Unmatched.begin(), Unmatched.end(),
            [](const Directive &A, const Directive &B) {
              return A.Offset < B.Offset;
            });
}

size_t Suppressions::offsetOf(unsigned Line, unsigned Column) const {
  if (Line == 0 || Line > LineStarts.size())
    return Text.size();
  return LineStarts[Line - 1] + (Column ? Column - 1 : 0);
}

llvm::StringRef Suppressions::lineText(unsigned Line) const {
  if (Line == 0 || Line > LineStarts.size())
    return "";
  llvm::StringRef T = Text;
  size_t Begin = LineStarts[Line - 1];
  size_t End = T.find('\n', Begin);
  llvm::StringRef L = T.slice(Begin, End);
  return L.ends_with("\r") ? L.drop_back() : L;
}

bool Suppressions::lineHas(Kind K, unsigned Line, llvm::StringRef Check) const {
  return std::any_of(Directives.begin(), Directives.end(),
                     [&](const Directive &D) {
                       return D.K == K && D.Line == Line &&
                              checksOf(D.Checks).contains(Check);
                     });
}

bool Suppressions::suppresses(llvm::StringRef Check, unsigned Line,
                              unsigned Column) const {
  if (lineHas(Kind::NoLint, Line, Check) ||
      (Line > 1 && lineHas(Kind::NextLine, Line - 1, Check)))
    return true;
  size_t Offset = offsetOf(Line, Column);
  return std::any_of(Blocks.begin(), Blocks.end(), [&](const Block &B) {
    return B.Begin < Offset && Offset < B.End && B.Checks.contains(Check);
  });
}

std::string unmatchedMessage(const Suppressions::Directive &D) {
  if (D.K == Kind::Begin)
    return "unmatched 'NOLINTBEGIN' comment without a subsequent 'NOLINTEND' "
           "comment";
  return "unmatched 'NOLINTEND' comment without a previous 'NOLINTBEGIN' "
         "comment";
}

} // namespace errlint
