// Negative: the closer is stored in a std::function and only run at the end.
#include <cstdio>
#include <functional>
#include <vector>

void runJob(const char *logPath, const std::vector<int> &items) {
  FILE *log = fopen(logPath, "a");
  if (!log)
    return;
  std::function<void()> atExit = [log] { fclose(log); };
  for (int item : items)
    fprintf(log, "item %d\n", item);
  fflush(log);
  atExit();
}
