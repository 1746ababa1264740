//===- Report.cpp - Locations, citations and text output -----------------===//

#include "Report.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <tuple>

using namespace clang;

namespace errlint {

Location makeLocation(const SourceManager &SM, SourceLocation L) {
  Location Result;
  if (L.isInvalid())
    return Result;
  SourceLocation FL = SM.getFileLoc(L);
  FileID FID = SM.getFileID(FL);
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
  if (!FE)
    return Result;
  // Relative names are relative to the compilation's working directory,
  // which the file manager knows (the process's may differ).
  llvm::SmallString<256> Name(FE->getName());
  SM.getFileManager().makeAbsolutePath(Name);
  llvm::sys::fs::make_absolute(Name);
  llvm::sys::path::remove_dots(Name, /*remove_dot_dot=*/true);
  Result.File = std::string(Name);
  Result.Line = SM.getSpellingLineNumber(FL);
  Result.Column = SM.getSpellingColumnNumber(FL);
  static_assert(sizeof(SourceLocation::UIntTy) <= sizeof(Result.Raw));
  Result.Raw = FL.getRawEncoding();

  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return Result;
  unsigned Offset = SM.getFileOffset(FL);
  // rfind looks before Offset: a location in column 1 has its own line.
  size_t Begin = Buffer.rfind('\n', Offset);
  Begin = Begin == llvm::StringRef::npos ? 0 : Begin + 1;
  size_t End = Buffer.find_first_of("\r\n", Offset);
  if (End == llvm::StringRef::npos)
    End = Buffer.size();
  Result.LineText = Buffer.slice(Begin, End).str();
  return Result;
}

void sortAndDedupe(std::vector<Finding> &Findings) {
  auto Order = [](const Finding &F) {
    return std::tie(F.Loc.File, F.Loc.Line, F.Loc.Column, F.RuleId,
                    F.Message);
  };
  std::stable_sort(Findings.begin(), Findings.end(),
                   [&](const Finding &A, const Finding &B) {
                     return Order(A) < Order(B);
                   });
  Findings.erase(std::unique(Findings.begin(), Findings.end(),
                             [&](const Finding &A, const Finding &B) {
                               return Order(A) == Order(B);
                             }),
                 Findings.end());
}

std::string recordSource(const Record &R) {
  std::string S = R.Repo.empty() ? std::string("a recorded failure") : R.Repo;
  if (!R.FilePath.empty()) {
    S += " (" + R.FilePath;
    if (R.LineNumber)
      S += ":" + std::to_string(R.LineNumber);
    S += ")";
  }
  return S;
}

std::string recordError(const Record &R) {
  std::string S = R.ErrorClass.empty() ? std::string() : R.ErrorClass + ": ";
  return S + "\"" + R.ErrorMessage + "\"";
}

std::vector<std::string> citationNotes(const Catalog &Cat, const Finding &F,
                                       CiteLevel Level) {
  std::vector<std::string> Notes;
  if (Level == CiteLevel::None)
    return Notes;
  if (!F.Consequence.empty())
    Notes.push_back(F.Consequence);
  for (const std::string &Id : F.RecordIds) {
    const Record *R = Cat.findRecord(Id);
    if (!R)
      continue;
    Notes.push_back("at run time this fails as in " + recordSource(*R) +
                    ": " + recordError(*R) + " [record " + R->Id + "]");
    for (const std::string &Tip : R->PreventionTips)
      Notes.push_back("prevention tip: " + Tip);
    if (Level == CiteLevel::Full && !R->ExampleFix.empty())
      Notes.push_back("example fix from record " + R->Id + ":\n" +
                      R->ExampleFix);
  }
  return Notes;
}

/// Prints the line and a caret under the column, keeping tabs so that the
/// caret lines up whatever the terminal's tab width.
static void renderSnippet(const Location &L, llvm::raw_ostream &OS) {
  if (!L.valid() || L.LineText.empty())
    return;
  std::string Num = std::to_string(L.Line);
  unsigned Width = std::max<unsigned>(4, Num.size());
  OS.indent(1 + Width - Num.size()) << Num << " | " << L.LineText << "\n";
  OS.indent(1 + Width) << " | ";
  for (unsigned I = 0; I + 1 < L.Column && I < L.LineText.size(); ++I)
    OS << (L.LineText[I] == '\t' ? '\t' : ' ');
  OS << "^\n";
}

/// What the previous diagnostic printed was and where: clang leaves out
/// the snippet of a diagnostic at the same place as the one before it
/// (unless a note is followed by something else), and so does errlint, so
/// that the CLI prints what clang-tidy with the plugin prints.
struct LastPrinted {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Level;
};

static void renderLocated(const Location &L, llvm::StringRef Level,
                          llvm::StringRef Message, LastPrinted &Last,
                          llvm::raw_ostream &OS) {
  OS << L.File << ":" << L.Line << ":" << L.Column << ": " << Level << ": "
     << Message << "\n";
  bool SamePlace = L.valid() && L.File == Last.File && L.Line == Last.Line &&
                   L.Column == Last.Column;
  if (!SamePlace || (Last.Level == "note" && Level != Last.Level))
    renderSnippet(L, OS);
  Last = {L.File, L.Line, L.Column, Level.str()};
}

std::string plainNoteText(llvm::StringRef Text) {
  auto [First, Rest] = Text.split('\n');
  std::string Out = First.str();
  while (!Rest.empty()) {
    auto [Line, Tail] = Rest.split('\n');
    Out += "\n";
    if (!Line.empty())
      Out += "    " + Line.str();
    Rest = Tail;
  }
  return Out;
}

static void renderPlainNote(llvm::StringRef Text, llvm::raw_ostream &OS) {
  OS << "note: " << plainNoteText(Text) << "\n";
}

void renderText(const Catalog &Cat, const std::vector<Finding> &Findings,
                CiteLevel Level, llvm::raw_ostream &OS) {
  LastPrinted Last;
  for (const Finding &F : Findings) {
    renderLocated(F.Loc, severityName(F.Severity),
                  F.Message + " [errlint-" + F.RuleId + "]", Last, OS);
    for (const Note &N : F.Notes)
      renderLocated(N.Loc, "note", N.Message, Last, OS);
    for (const std::string &Text : citationNotes(Cat, F, Level)) {
      renderPlainNote(Text, OS);
      Last = {};
    }
  }
}

static void printList(llvm::StringRef Label,
                      const std::vector<std::string> &Items,
                      llvm::raw_ostream &OS) {
  if (Items.empty())
    return;
  OS << Label << ":\n";
  for (const std::string &I : Items)
    OS << "  - " << I << "\n";
}

static void printField(llvm::StringRef Label, llvm::StringRef Text,
                       llvm::raw_ostream &OS) {
  if (Text.empty())
    return;
  OS << Label << ":\n";
  llvm::StringRef Rest = Text;
  while (!Rest.empty()) {
    auto [Line, Tail] = Rest.split('\n');
    OS << "  " << Line << "\n";
    Rest = Tail;
  }
}

static std::string joined(const std::vector<std::string> &Items) {
  std::string S;
  for (const std::string &I : Items)
    S += (S.empty() ? "" : ", ") + I;
  return S.empty() ? "-" : S;
}

void explainRule(const Catalog &Cat, const Rule &R, llvm::raw_ostream &OS) {
  OS << "errlint-" << R.Id << " (" << severityName(R.Severity) << ", analysis "
     << analysisName(R.Analysis) << ")\n  " << R.Summary << "\n";
  if (!R.Description.empty())
    OS << "\n" << R.Description << "\n";
  if (!R.Review.empty()) {
    OS << "\nTo review before trusting this rule:\n";
    for (const std::string &Point : R.Review)
      OS << "  - " << Point << "\n";
  }
  OS << "\nProfiles:\n";
  for (const Profile &P : R.Profiles) {
    OS << "  " << P.Name << ": types " << joined(P.Types) << "\n"
       << "    close: " << joined(P.Close) << "\n"
       << "    use: " << joined(P.Use) << "\n"
       << "    reopen: " << joined(P.Reopen) << "\n"
       << "    query (true when closed): " << joined(P.QueryClosed) << "\n"
       << "    query (true when open): " << joined(P.QueryOpen) << "\n";
    if (!P.Consequence.empty())
      OS << "    at run time: " << P.Consequence << "\n";
  }
  for (const std::string &Id : R.Records) {
    const Record *Rec = Cat.findRecord(Id);
    if (!Rec)
      continue;
    OS << "\nRecord " << Rec->Id << ": " << recordSource(*Rec) << "\n";
    OS << "Error: " << recordError(*Rec) << "\n";
    if (!Rec->GithubUrl.empty())
      OS << "Source: " << Rec->GithubUrl << "\n";
    printField("Documentation", Rec->Documentation, OS);
    printField("Trigger scenarios", Rec->TriggerScenarios, OS);
    printField("Common situations", Rec->CommonSituations, OS);
    printList("Solutions", Rec->Solutions, OS);
    printList("Prevention tips", Rec->PreventionTips, OS);
    printField("Example fix", Rec->ExampleFix, OS);
  }
}

void listRules(const Catalog &Cat, llvm::raw_ostream &OS) {
  for (const Rule &R : Cat.rules())
    OS << "errlint-" << R.Id << "  " << severityName(R.Severity) << "  "
       << R.Summary
       << "  [records: " << joined(R.Records) << "]\n";
}

} // namespace errlint
