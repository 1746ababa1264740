// Print spooler of an office print server. Documents are sent to the printer
// as IPP-style jobs through PrintJob, whose documented protocol is:
//   open(name)  -> sendPage()* -> close()   (the printer prints on close)
//   reopen(name) starts the next job on the same printer connection and is only
//   valid after close().
// Once closed, sendPage() throws std::logic_error("print job closed");
// close() on a closed job throws std::logic_error too (the printer would emit
// an empty trailing job, so the class refuses it).
// Large documents are split into several jobs of at most kMaxPagesPerJob pages.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class PrintJob {
public:
  explicit PrintJob(std::string printer) : printer_(std::move(printer)) {}

  void open(const std::string &name) {
    name_ = name;
    open_ = true;
    pages_ = 0;
  }
  void reopen(const std::string &name) {
    if (open_)
      throw std::logic_error("reopen of a job that is still open");
    open(name);
  }
  void sendPage(const std::string &pdl) {
    if (!open_)
      throw std::logic_error("print job closed");
    ++pages_;
    std::printf("%s/%s page %d (%zu bytes)\n", printer_.c_str(), name_.c_str(), pages_, pdl.size());
  }
  void close() {
    if (!open_)
      throw std::logic_error("print job closed twice");
    open_ = false;
    std::printf("%s/%s printed %d pages\n", printer_.c_str(), name_.c_str(), pages_);
  }
  bool isOpen() const { return open_; }

private:
  std::string printer_, name_;
  int pages_ = 0;
  bool open_ = false;
};

struct Document {
  std::string title;
  std::vector<std::string> pages;
  bool cancelled = false;
  bool wantsBanner = false;
};

constexpr size_t kMaxPagesPerJob = 50;

void printSplit(PrintJob &job, const Document &doc) {
  job.open(doc.title + " (part 1)");
  size_t inJob = 0, part = 1;
  for (size_t i = 0; i < doc.pages.size(); ++i) {
    job.sendPage(doc.pages[i]); // OK: a split always reopens before the next page
    if (++inJob == kMaxPagesPerJob) {
      job.close();
      inJob = 0;
      if (i + 1 < doc.pages.size())
        job.reopen(doc.title + " (part " + std::to_string(++part) + ")");
    }
  }
  job.close(); // BUG: double-close
}

void printSplitChecked(PrintJob &job, const Document &doc) {
  job.open(doc.title + " (part 1)");
  size_t inJob = 0, part = 1;
  for (size_t i = 0; i < doc.pages.size(); ++i) {
    if (!job.isOpen())
      job.reopen(doc.title + " (part " + std::to_string(++part) + ")");
    job.sendPage(doc.pages[i]); // OK: reopened above whenever the previous part was closed
    if (++inJob == kMaxPagesPerJob) {
      job.close();
      inJob = 0;
    }
  }
  if (job.isOpen())
    job.close(); // OK: skipped when the last part was closed inside the loop
}

void printWithBanner(PrintJob &job, const Document &doc) {
  if (doc.wantsBanner) {
    job.open("banner");
    job.sendPage("%%BANNER " + doc.title);
    job.close();
    job.reopen(doc.title);
  } else {
    job.open(doc.title);
  }
  for (const std::string &p : doc.pages) {
    if (doc.cancelled) {
      job.close();
      break;
    }
    job.sendPage(p); // OK: the banner job was closed and reopened before
  }
  job.sendPage("%%TRAILER pages=" + std::to_string(doc.pages.size())); // BUG: use-after-close
  job.close();
}

int main() {
  PrintJob lobby("lobby-hp-m607");
  Document report{"q2-report.pdf", std::vector<std::string>(100, "%PDF page"), false, false};
  printSplitChecked(lobby, report);
  try {
    printSplit(lobby, report);
  } catch (const std::logic_error &e) {
    std::fprintf(stderr, "spooler: %s\n", e.what());
  }
  PrintJob floor3("floor3-canon");
  Document memo{"memo.pdf", {"%PDF p1", "%PDF p2"}, true, true};
  try {
    printWithBanner(floor3, memo);
  } catch (const std::logic_error &e) {
    std::fprintf(stderr, "spooler: %s\n", e.what());
  }
  return 0;
}
