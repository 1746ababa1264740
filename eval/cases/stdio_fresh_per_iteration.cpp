// Negative: every iteration opens its own stream and closes it.
#include <cstdio>
#include <string>
#include <vector>

int countLines(const std::vector<std::string> &paths) {
  int total = 0;
  for (const std::string &p : paths) {
    FILE *f = fopen(p.c_str(), "r");
    if (!f)
      continue;
    int c;
    while ((c = fgetc(f)) != EOF)
      total += c == '\n';
    fclose(f);
  }
  return total;
}
