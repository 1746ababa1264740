// Woolshed classing table: every fleece thrown on the skirting table is
// graded into a line, and its tag goes on that line's lot sheet (a FILE*
// owned by a unique_ptr with a deleter struct). The shed audit trail is a
// unique_ptr<FILE, decltype(&fclose)> that the end-of-run mailer takes over.
// Lot sheets are closed by their owners' destructors or when a line is pressed.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

struct SheetCloser {
  void operator()(FILE *f) const noexcept { std::fclose(f); }
};
using LotSheet = std::unique_ptr<FILE, SheetCloser>;
using AuditTrail = std::unique_ptr<FILE, decltype(&std::fclose)>;

struct Fleece {
  std::string tag;
  double micron;
  double yieldPct;
  bool stained;
};

static std::string lineFor(const Fleece &f) {
  if (f.stained)
    return "STN";
  return f.micron < 19.5 ? "AAAM" : "AAM";
}

class ClassingTable {
public:
  explicit ClassingTable(const std::string &dir)
      : dir_(dir),
        audit_(std::fopen((dir + "/audit.txt").c_str(), "a"), &std::fclose) {
    if (!audit_)
      throw std::runtime_error("cannot open audit trail in " + dir);
  }

  void classify(const Fleece &f) {
    const std::string line = lineFor(f);
    if (!sheet_ || line != current_) {
      sheet_.reset(std::fopen((dir_ + "/" + line + ".lot").c_str(), "a"));
      current_ = line;
    }
    if (sheet_)
      std::fprintf(sheet_.get(), "%s %.1f %.1f\n", f.tag.c_str(), f.micron, f.yieldPct); // OK
    std::fprintf(audit_.get(), "classed %s -> %s\n", f.tag.c_str(), line.c_str());
  }

  void linePressed(int bales) {
    closeSheet();
    writeFooter(bales); // BUG: use-after-close #lotfooter
  }

  // The end-of-run mailer owns the trail from here on.
  FILE *handOffAudit() { return audit_.release(); }

private:
  void closeSheet() { sheet_.reset(); }
  void writeFooter(int bales) {
    std::fprintf(sheet_.get(), "-- %s pressed: %d bales\n", current_.c_str(), bales); // SAME: lotfooter
  }

  std::string dir_;
  std::string current_;
  LotSheet sheet_;
  AuditTrail audit_;
};

// Pieces and bellies go on their own sheet; an empty tag in the pile marks
// the end of a pen.
size_t writePieces(const std::vector<Fleece> &pile, const char *path) {
  LotSheet sheet(std::fopen(path, "w"));
  if (!sheet)
    return 0;
  size_t written = 0;
  for (const Fleece &f : pile) {
    if (f.tag.empty()) {
      sheet.reset();
      continue;
    }
    std::fprintf(sheet.get(), "%s %.1f\n", f.tag.c_str(), f.micron); // BUG: use-after-close
    ++written;
  }
  return written;
}

int mailAudit(ClassingTable &table, const std::string &runId) {
  FILE *audit = table.handOffAudit();
  std::fprintf(audit, "end of run %s\n", runId.c_str()); // OK
  return std::fclose(audit); // OK
}

int main() {
  ClassingTable table("/srv/shed/run42");
  table.classify({"E-1041", 18.7, 71.0, false});
  table.classify({"E-1042", 21.3, 66.5, false});
  table.classify({"E-1043", 20.1, 58.0, true});
  table.linePressed(3);
  writePieces({{"P-7", 22.0, 50.0, false}, {"", 0, 0, false}, {"P-8", 23.5, 48.0, false}},
              "/srv/shed/run42/pieces.lot");
  return mailAudit(table, "run42");
}
