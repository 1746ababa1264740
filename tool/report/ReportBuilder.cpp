//===- ReportBuilder.cpp - From per-file findings to a report ------------===//

#include "ReportBuilder.h"
#include "Paths.h"
#include "Suppressions.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>

namespace errlint {

CiteLevel parseCite(llvm::StringRef Cite) {
  if (Cite == "none")
    return CiteLevel::None;
  if (Cite == "tips")
    return CiteLevel::Tips;
  return CiteLevel::Full;
}

void ReportBuilder::addTranslationUnit(const std::string &MainFile,
                                       const Settings &S,
                                       std::vector<Finding> TUFindings) {
  MainFiles.push_back(MainFile);
  for (Finding &F : TUFindings) {
    bool InHeader = F.Loc.File != MainFile;
    if (InHeader && (!S.showsHeader(F.Loc.File) || S.excluded(F.Loc.File)))
      continue;
    Findings.push_back(std::move(F));
  }
}

namespace {

using SuppressionMap = std::map<std::string, std::unique_ptr<Suppressions>>;

/// Reads the NOLINT comments of each file (unreadable files have none).
SuppressionMap scanFiles(const std::set<std::string> &Files) {
  SuppressionMap Map;
  for (const std::string &File : Files) {
    auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    if (Buf)
      Map[File] = std::make_unique<Suppressions>((*Buf)->getBuffer());
  }
  return Map;
}

/// A finding for an unmatched NOLINTBEGIN or NOLINTEND comment.
Result unmatchedResult(const std::string &File, const Suppressions &S,
                       const Suppressions::Directive &D) {
  Result R;
  R.F.RuleId = NolintRuleId;
  R.F.Severity = SeverityLevel::Error;
  R.F.Message = unmatchedMessage(D);
  R.F.Loc.File = File;
  R.F.Loc.Line = D.Line;
  R.F.Loc.Column = D.Column;
  R.F.Loc.LineText = S.lineText(D.Line).str();
  return R;
}

bool isSuppressed(const Result &R, const SuppressionMap &Map) {
  if (R.F.RuleId == NolintRuleId)
    return false;
  auto It = Map.find(R.F.Loc.File);
  return It != Map.end() &&
         It->second->suppresses(checkName(R.F.RuleId), R.F.Loc.Line,
                                R.F.Loc.Column);
}

} // namespace

bool ReportBuilder::finish(unsigned FilesAnalyzed, RunReport &Out,
                           std::vector<LoadError> &Errors) {
  size_t ErrorsBefore = Errors.size();
  sortAndDedupe(Findings);
  std::vector<Result> All;
  std::set<std::string> Files(MainFiles.begin(), MainFiles.end());
  for (Finding &F : Findings) {
    const Settings *S = Configs.forPath(F.Loc.File, Errors);
    if (!S || !S->ruleEnabled(F.RuleId))
      continue;
    Result R;
    R.F = std::move(F);
    R.F.Severity = S->severity(R.F.RuleId, R.F.Severity);
    R.Cite = parseCite(S->Cite);
    Files.insert(R.F.Loc.File);
    All.push_back(std::move(R));
  }
  Findings.clear();

  // Fingerprints are given before NOLINT comments apply, so that silencing
  // one of two identical findings does not change the other's identity.
  SuppressionMap Map = scanFiles(Files);
  for (const auto &[File, S] : Map)
    for (const Suppressions::Directive &D : S->unmatched())
      All.push_back(unmatchedResult(File, *S, D));
  sortResults(All, ProjectRoot);
  assignFingerprints(All, ProjectRoot);

  Out.ProjectRoot = ProjectRoot;
  Out.FilesAnalyzed = FilesAnalyzed;
  Out.Results.clear();
  for (Result &R : All)
    if (!isSuppressed(R, Map))
      Out.Results.push_back(std::move(R));
  Out.Failures = std::move(Failures);
  std::stable_sort(Out.Failures.begin(), Out.Failures.end(),
                   [&](const Failure &A, const Failure &B) {
                     return relativeToRoot(A.File, ProjectRoot) <
                            relativeToRoot(B.File, ProjectRoot);
                   });
  return Errors.size() == ErrorsBefore;
}

unsigned applyBaseline(RunReport &Report, const Baseline &B) {
  size_t Before = Report.Results.size();
  Report.Results.erase(std::remove_if(Report.Results.begin(),
                                      Report.Results.end(),
                                      [&](const Result &R) {
                                        return B.contains(R.Fingerprint);
                                      }),
                       Report.Results.end());
  return Before - Report.Results.size();
}

} // namespace errlint
