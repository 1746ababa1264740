// The handler closes the output but does not leave; the write after the try
// runs on the closed stream.
#include <cstdio>
#include <stdexcept>
#include <string>

std::string render(int id);

int renderAll(const char *path, int n) {
  FILE *out = fopen(path, "w");
  if (!out)
    return -1;
  try {
    for (int i = 0; i < n; ++i)
      fputs(render(i).c_str(), out);
  } catch (const std::exception &e) {
    fprintf(stderr, "render failed: %s\n", e.what());
    fclose(out);
  }
  fputs("</html>\n", out); // BUG: use-after-close
  return 0;
}
