// Batch sheets of an enfleurage workshop. Each jasmine charge laid on the
// chassis frames is written to the batch's sheet (std::ofstream); sealSheet()
// writes the footer and closes the sheet it is given by reference. Finished
// sheets are copied into the archive with rdbuf(), and several sheets are
// concatenated through one std::ifstream reopened for each file.
// Bugs: writeBatchSheet() writes the yield line to the sheet that sealSheet()
// has closed, and archiveSheet() copies rdbuf() of a sheet it closed on the
// quarantine path.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace enfleurage {

struct Charge {
  int frame;
  std::string flower;
  double gramsPetals;
};

// Writes the footer and closes the sheet; false if the sheet did not reach
// the disk intact.
bool sealSheet(std::ofstream &sheet, std::size_t charges) {
  sheet << "charges: " << charges << '\n';
  sheet.close();
  return !sheet.fail();
}

bool writeBatchSheet(const std::string &path, const std::vector<Charge> &charges,
                     double yieldGrams) {
  std::ofstream sheet(path);
  if (!sheet)
    return false;
  sheet << "#sealed batch sheet\n";
  for (const Charge &c : charges)
    sheet << c.frame << ' ' << c.flower << ' ' << c.gramsPetals << '\n';
  bool sealed = sealSheet(sheet, charges.size());
  sheet << "pomade yield g: " << yieldGrams << '\n'; // BUG: use-after-close
  return sealed;
}

// Seals a sheet whose yield was weighed late and appends the yield after the
// footer.
bool sealWithLateYield(std::ofstream &sheet, const std::string &path,
                       std::size_t charges, double yieldGrams) {
  if (!sealSheet(sheet, charges))
    return false;
  sheet.open(path, std::ios::app);
  if (!sheet.is_open())
    return false;
  sheet << "late yield g: " << yieldGrams << '\n'; // OK: reopened after sealSheet() closed it
  return static_cast<bool>(sheet);
}

static bool looksSealed(const std::string &firstLine) {
  return firstLine.rfind("#sealed", 0) == 0;
}

bool archiveSheet(const std::string &sheetPath, std::ostream &archive) {
  std::ifstream sheet(sheetPath, std::ios::binary);
  if (!sheet.is_open())
    return false;
  std::string first;
  std::getline(sheet, first);
  if (!looksSealed(first)) {
    sheet.close();
    std::rename(sheetPath.c_str(), (sheetPath + ".quarantine").c_str());
    archive << "# quarantined " << sheetPath << '\n';
  }
  archive << first << '\n' << sheet.rdbuf(); // BUG: use-after-close
  return static_cast<bool>(archive);
}

bool concatenateSheets(const std::vector<std::string> &paths, std::ostream &out) {
  std::ifstream in;
  std::size_t copied = 0;
  for (const std::string &path : paths) {
    in.open(path, std::ios::binary);
    if (!in.is_open()) {
      in.clear();
      continue;
    }
    out << in.rdbuf(); // OK: reopened on every iteration
    in.close();
    in.clear();
    ++copied;
  }
  return copied == paths.size();
}

int runWorkshopDay(int argc, char **argv) {
  std::vector<Charge> charges = {{1, "jasmine", 412.5}, {2, "jasmine", 398.0}};
  if (!writeBatchSheet("batch-17.txt", charges, 61.2))
    return 1;
  std::vector<std::string> sheets(argv + 1, argv + argc);
  return concatenateSheets(sheets, std::cout) ? 0 : 2;
}

} // namespace enfleurage
