// Report uploader. writeReport() writes a CSV into a temporary FILE* and
// closes it as the last statement of its try block; the catch handler closes
// it (and removes the file) only when something before that close threw, since
// fclose() itself never throws. pushSummary() does the same with a local
// net::Connection whose close() cannot throw either: the handler's send and
// close run only when render() threw, i.e. while the connection is still
// open. After the try/catch, the one later use is guarded by isClosed().
// Every path closes each object once and nothing is used after a close: a
// negative case.
#include "netconn.h"

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct Summary {
  std::string name;
  std::vector<std::pair<std::string, double>> rows;
};

static std::string render(const std::pair<std::string, double> &row) {
  if (row.first.find(',') != std::string::npos)
    throw std::invalid_argument("comma in column key: " + row.first);
  return row.first + "," + std::to_string(row.second);
}

static void writeLine(std::FILE *fp, const std::string &line) {
  if (std::fprintf(fp, "%s\n", line.c_str()) < 0)
    throw std::runtime_error("short write");
}

bool writeReport(const Summary &s, const std::string &path) {
  const std::string tmp = path + ".tmp";
  std::FILE *fp = std::fopen(tmp.c_str(), "w");
  if (!fp)
    return false;
  try {
    writeLine(fp, "key,value");
    for (const auto &row : s.rows)
      writeLine(fp, render(row));
    std::fclose(fp);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "report %s: %s\n", s.name.c_str(), e.what());
    std::fclose(fp); // OK: reached only when something before the close threw
    std::remove(tmp.c_str());
    return false;
  }
  return std::rename(tmp.c_str(), path.c_str()) == 0;
}

bool pushSummary(const Summary &s, const std::string &endpoint) {
  net::Connection conn(endpoint);
  bool aborted = false;
  try {
    conn.send("BEGIN " + s.name);
    for (const auto &row : s.rows)
      conn.send(render(row));
    conn.send("END " + s.name);
    conn.flush();
    conn.close();
  } catch (const std::invalid_argument &e) {
    conn.send(std::string("ABORT ") + e.what()); // OK: render() threw, conn still open
    conn.close(); // OK: the close in the try block was not reached
    aborted = true;
  }
  if (!conn.isClosed())
    conn.send("END-OF-SESSION"); // OK: guarded, never runs once closed
  return !aborted;
}

int main(int argc, char **argv) {
  Summary s{"daily", {{"requests", 10432}, {"errors", 17}}};
  if (argc > 1)
    s.rows.emplace_back(argv[1], 1.0);
  bool written = writeReport(s, "/var/reports/daily.csv");
  bool pushed = pushSummary(s, "reports.internal:5000");
  return written && pushed ? 0 : 1;
}
