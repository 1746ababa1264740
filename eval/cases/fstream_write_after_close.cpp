// A report stream is closed before the summary line is streamed into it.
#include <fstream>
#include <string>
#include <vector>

void writeReport(const std::string &path, const std::vector<std::string> &rows) {
  std::ofstream out(path);
  for (const std::string &r : rows)
    out << r << '\n';
  out.close();
  out << "rows: " << rows.size() << '\n'; // BUG: use-after-close
}
