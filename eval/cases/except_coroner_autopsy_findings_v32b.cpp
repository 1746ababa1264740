// Coroner's office: the post-mortem report for each case is written to an
// ofstream, the toxicology annex to a FILE*, and the finished report is
// pushed to the court portal through a PortalUpload of the office's own.
// In each try block the close is the last statement, and neither fclose()
// nor ofstream::close() (no exceptions enabled) nor PortalUpload::finish()
// throws, so when a handler runs the close has not happened and the handler
// may still write the failure note and close. Negative case.
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace coroner {

struct Finding {
  std::string organ;
  std::string note;
};

struct CaseFile {
  std::string number;
  std::vector<Finding> findings;
  std::vector<std::string> toxicology;
};

void checkSigned(const CaseFile &c);
std::string formatFinding(const Finding &f);

class PortalUpload {
public:
  void put(const std::string &chunk) {
    if (finished_)
      throw std::runtime_error("portal upload already finished");
    if (chunk.size() > 1 << 20)
      throw std::length_error("portal chunk too large");
    chunks_.push_back(chunk);
  }
  void finish() noexcept { finished_ = true; }

private:
  std::vector<std::string> chunks_;
  bool finished_ = false;
};

bool writeReport(const CaseFile &c, const std::string &path) {
  std::ofstream out(path);
  if (!out)
    return false;
  try {
    out << "Case " << c.number << "\n";
    for (const Finding &f : c.findings)
      out << formatFinding(f) << "\n";
    checkSigned(c);
    out.close();
  } catch (const std::exception &e) {
    out << "INCOMPLETE: " << e.what() << "\n"; // OK: the close is the last statement of the try
    out.close(); // OK: the try's close did not run
    return false;
  }
  return true;
}

bool writeToxicology(const CaseFile &c, const std::string &path) {
  std::FILE *annex = std::fopen(path.c_str(), "w");
  if (!annex)
    return false;
  try {
    for (const std::string &line : c.toxicology)
      std::fprintf(annex, "%s\n", line.c_str());
    checkSigned(c);
    std::fclose(annex);
  } catch (...) {
    std::fputs("annex withdrawn\n", annex); // OK: fclose does not throw, so it has not run
    std::fclose(annex); // OK
    throw;
  }
  return true;
}

void submitToCourt(PortalUpload &upload, const CaseFile &c, const std::string &body) {
  try {
    upload.put("case=" + c.number);
    upload.put(body);
    upload.finish();
  } catch (const std::length_error &) {
    upload.put("case=" + c.number + ";body=deferred"); // OK: finish() is last and noexcept
    upload.finish(); // OK: finished once
  }
}

} // namespace coroner
