// Service-history import for a chronometer workshop. Bench sheets are text
// files, one per overhaul: a "FUSEE <serial>" header, then lines of
// "<chain wear %> <detent lift mm>". Rating-trial sheets list daily rates
// up to a "--" line, followed by the examiner's name; a trial stopped early
// has an "ABORTED" line instead of rates. Each importer reads all its files
// through one std::ifstream that is closed and reopened for every file name.
// The imported overhauls and the trial count go to a service-history report.
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

struct Overhaul {
  std::string serial;
  double chainWearPct = 0.0;
  double detentLiftMm = 0.0;
};

struct TrialSheet {
  std::string path;
  std::vector<double> rates;
  std::string examiner;
  bool aborted = false;
};

std::vector<Overhaul> importBenchSheets(const std::vector<std::string> &paths) {
  std::vector<Overhaul> out;
  std::ifstream sheet;
  for (const std::string &p : paths) {
    sheet.open(p);
    if (!sheet.is_open()) {
      std::cerr << "skipping unreadable sheet " << p << '\n';
      sheet.clear();
      continue;
    }
    std::string header;
    if (!std::getline(sheet, header) || header.rfind("FUSEE ", 0) != 0) { // OK: reopened this iteration
      std::cerr << p << ": not a fusee bench sheet\n";
      sheet.close();
      sheet.clear();
      continue;
    }
    Overhaul o;
    o.serial = header.substr(6);
    while (sheet >> o.chainWearPct >> o.detentLiftMm)
      out.push_back(o);
    sheet.close();
    sheet.clear();
  }
  return out;
}

std::vector<TrialSheet> importTrials(const std::vector<std::string> &paths) {
  std::vector<TrialSheet> sheets;
  std::ifstream trial;
  std::string line;
  for (const std::string &p : paths) {
    trial.open(p);
    if (!trial) {
      trial.clear();
      continue;
    }
    TrialSheet t;
    t.path = p;
    while (std::getline(trial, line) && line != "--") { // OK: reopened this iteration
      if (line.rfind("ABORTED", 0) == 0) {
        t.aborted = true;
        trial.close();
        break;
      }
      t.rates.push_back(std::stod(line));
    }
    std::getline(trial, t.examiner); // BUG: use-after-close
    sheets.push_back(t);
    if (trial.is_open())
      trial.close(); // OK: skipped when the abort path already closed it
    trial.clear();
  }
  return sheets;
}

static void sealReport(std::ofstream &report, size_t overhauls) {
  report << "# " << overhauls << " overhauls imported\n";
  report.close();
}

int main(int argc, char **argv) {
  std::vector<std::string> benches, trials;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    (a.find(".trial") != std::string::npos ? trials : benches).push_back(a);
  }
  std::vector<Overhaul> overhauls = importBenchSheets(benches);
  std::vector<TrialSheet> results = importTrials(trials);
  int aborted = 0;
  for (const TrialSheet &t : results)
    aborted += t.aborted ? 1 : 0;
  std::ofstream report("service-history.txt");
  for (const Overhaul &o : overhauls)
    report << o.serial << ' ' << o.chainWearPct << ' ' << o.detentLiftMm << '\n';
  sealReport(report, overhauls.size());
  report << "# " << aborted << " rating trials aborted\n"; // BUG: use-after-close
  std::cout << overhauls.size() << " overhauls, " << results.size() << " trials ("
            << aborted << " aborted)\n";
  return 0;
}
