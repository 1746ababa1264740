//===- ReportBuilder.h - From per-file findings to a report ----*- C++ -*-===//
//
// Collects what each translation unit found and turns it into the run's
// report: header filter and exclusions, one report per finding however many
// translation units include its header, the configured rules, severities
// and citation levels, fingerprints, NOLINT comments and the baseline.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_REPORTBUILDER_H
#define ERRLINT_REPORTBUILDER_H

#include "Baseline.h"
#include "Config.h"
#include "Results.h"

namespace errlint {

class ReportBuilder {
public:
  ReportBuilder(ConfigResolver &Configs, std::string ProjectRoot)
      : Configs(Configs), ProjectRoot(std::move(ProjectRoot)) {}

  /// Adds the findings of the translation unit of MainFile (absolute) that
  /// its settings S report: those in MainFile, and those in headers that
  /// pass the header filter and are not excluded.
  void addTranslationUnit(const std::string &MainFile, const Settings &S,
                          std::vector<Finding> Findings);

  /// Records a file that could not be analyzed.
  void addFailure(Failure F) { Failures.push_back(std::move(F)); }

  /// Builds the report. False (with Errors) when a config file that applies
  /// to a finding's file is broken.
  bool finish(unsigned FilesAnalyzed, RunReport &Out,
              std::vector<LoadError> &Errors);

private:
  ConfigResolver &Configs;
  std::string ProjectRoot;
  std::vector<Finding> Findings;
  std::vector<std::string> MainFiles;
  std::vector<Failure> Failures;
};

/// Drops the results the baseline holds; returns how many it dropped.
unsigned applyBaseline(RunReport &Report, const Baseline &B);

/// CiteLevel for "full", "tips" or "none".
CiteLevel parseCite(llvm::StringRef Cite);

} // namespace errlint

#endif
