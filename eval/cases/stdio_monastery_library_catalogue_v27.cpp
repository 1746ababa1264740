// Catalogue tools for a monastery library. loadCatalogue() parses the shelf
// list (one "shelfmark|title|century" record per line) and stops at the first
// malformed record; reindexCatalogue() does the same for the nightly rebuild
// but keeps going and reports the bad lines; appendLoan() writes a loan slip
// to the loan ledger.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

struct Manuscript {
  std::string shelfmark;
  std::string title;
  int century = 0;
};

static bool parseRecord(char *line, Manuscript &out) {
  char *nl = std::strchr(line, '\n');
  if (nl)
    *nl = '\0';
  char *first = std::strchr(line, '|');
  if (!first)
    return false;
  char *second = std::strchr(first + 1, '|');
  if (!second)
    return false;
  *first = '\0';
  *second = '\0';
  out.shelfmark = line;
  out.title = first + 1;
  out.century = std::atoi(second + 1);
  return out.century > 0 && !out.shelfmark.empty();
}

int loadCatalogue(const char *path, std::vector<Manuscript> &out) {
  FILE *in = std::fopen(path, "r");
  if (!in)
    return -1;
  char line[512];
  int lineNo = 0;
  bool malformed = false;
  while (std::fgets(line, sizeof line, in)) {
    ++lineNo;
    if (line[0] == '#' || line[0] == '\n')
      continue;
    Manuscript m;
    if (!parseRecord(line, m)) {
      std::fprintf(stderr, "%s:%d: malformed shelf record\n", path, lineNo);
      std::fclose(in);
      malformed = true;
      break;
    }
    out.push_back(std::move(m));
  }
  std::fclose(in); // BUG: double-close
  return malformed ? -lineNo : static_cast<int>(out.size());
}

int reindexCatalogue(const char *path, std::vector<Manuscript> &out, FILE *report) {
  FILE *in = std::fopen(path, "r");
  if (!in)
    return -1;
  char line[512];
  int lineNo = 0;
  int bad = 0;
  bool closedEarly = false;
  while (std::fgets(line, sizeof line, in)) {
    ++lineNo;
    Manuscript m;
    if (!parseRecord(line, m)) {
      std::fprintf(report, "line %d skipped\n", lineNo);
      if (++bad > 50) {
        std::fclose(in);
        closedEarly = true;
        break;
      }
      continue;
    }
    out.push_back(std::move(m));
  }
  if (!closedEarly)
    std::fclose(in); // OK
  std::fprintf(report, "%zu records, %d skipped%s\n", out.size(), bad,
               closedEarly ? " (aborted)" : "");
  return bad;
}

bool appendLoan(const char *ledgerPath, const Manuscript &m, const std::string &brother) {
  FILE *ledger = std::fopen(ledgerPath, "a");
  if (!ledger)
    return false;
  long before = std::ftell(ledger);
  if (std::fprintf(ledger, "%s|%s|%s\n", m.shelfmark.c_str(), m.title.c_str(),
                   brother.c_str()) < 0) {
    std::fclose(ledger);
    return false;
  }
  if (std::fflush(ledger) != 0) { // OK
    std::fclose(ledger);
    return false;
  }
  long after = std::ftell(ledger); // OK
  std::fclose(ledger);
  return after > before;
}

int printShelf(const std::vector<Manuscript> &books, int century) {
  FILE *out = std::fopen("/tmp/shelf-list.txt", "w");
  if (!out)
    out = stdout;
  int n = 0;
  for (const Manuscript &m : books) {
    if (m.century != century)
      continue;
    std::fprintf(out, "%-12s %s\n", m.shelfmark.c_str(), m.title.c_str());
    ++n;
  }
  if (out != stdout)
    std::fclose(out);
  else
    std::fflush(out); // OK
  return n;
}
