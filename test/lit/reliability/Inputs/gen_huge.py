#!/usr/bin/env python3
"""Writes a huge C++ input for errlint's robustness tests.

Usage: gen_huge.py KIND N OUT
  statements  a function of N statements, with a send after close at the end
  expression  an expression of N terms  (a + a + ... + a)
  bytes       a generated file of about N bytes of functions
Each file ends with one finding, so the test sees the analysis finish.
"""
import sys

FINDING = """
struct KafkaProducer { void send(int); void close(); };
void shutdown(KafkaProducer &producer) {
  producer.send(1);
  producer.close();
  producer.send(2);
}
"""


def statements(n):
    body = "".join("  x += %d;\n" % (i % 7) for i in range(n))
    return "int many(int x) {\n%s  return x;\n}\n" % body


def expression(n):
    return "int deep(int a) {\n  return %s;\n}\n" % " + ".join(["a"] * n)


def size(n):
    out, total, i = [], 0, 0
    while total < n:
        f = "int gen%d(int a) { int b = a * %d; if (b > 3) b -= a; return b; }\n" % (i, i)
        out.append(f)
        total += len(f)
        i += 1
    return "".join(out)


def main():
    kind, n, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    text = {"statements": statements, "expression": expression, "bytes": size}[kind](n)
    with open(path, "w") as f:
        f.write(text + FINDING)


if __name__ == "__main__":
    main()
