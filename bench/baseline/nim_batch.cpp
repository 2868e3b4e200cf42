// The baseline of bench/batch-vs-cpp.sh: a buffered C++ loop answering Nim positions, one per
// line of standard input, with the line `grundy solve nim --batch` prints (the position, N or
// P, the nim-sum, the first winning move and how many more, at most 100 listed). Heaps are
// plain decimal numbers below 2^64; nothing else is checked. Build: g++ -O2 -o nim_batch
// nim_batch.cpp
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

static char out[1 << 16];
static size_t used = 0;

static void flush() {
    fwrite(out, 1, used, stdout);
    used = 0;
}
static void put(const char* s, size_t n) {
    if (used + n > sizeof out) flush();
    memcpy(out + used, s, n);
    used += n;
}
static void put(const char* s) { put(s, strlen(s)); }
static void put(uint64_t v) {
    char b[24];
    int i = 24;
    do {
        b[--i] = char('0' + v % 10);
        v /= 10;
    } while (v);
    put(b + i, 24 - i);
}
static void put_heaps(const std::vector<uint64_t>& h) {
    for (size_t i = 0; i < h.size(); i++) {
        if (i) put(" ", 1);
        put(h[i]);
    }
}

static void answer(const char* p, const char* end, std::vector<uint64_t>& h) {
    h.clear();
    while (p < end) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\r')) p++;
        if (p == end) break;
        uint64_t v = 0;
        while (p < end && *p >= '0' && *p <= '9') v = v * 10 + uint64_t(*p++ - '0');
        h.push_back(v);
    }
    if (h.empty()) return;
    uint64_t x = 0;
    for (uint64_t v : h) x ^= v;
    put_heaps(h);
    put(x ? ": N, grundy " : ": P, grundy ");
    put(x);
    size_t found = 0, first = 0;
    for (size_t i = 0; i < h.size(); i++)
        if ((h[i] ^ x) < h[i] && found++ == 0) first = i;
    if (found) {
        uint64_t was = h[first];
        put(", take ");
        put(was - (was ^ x));
        put(" from heap ");
        put(uint64_t(first + 1));
        put(" → ");
        h[first] = was ^ x;
        put_heaps(h);
        size_t listed = found < 100 ? found : 100;
        if (listed > 1 || found > 100) {
            put(" (+");
            put(uint64_t(listed - 1));
            put(found > 100 ? "+ more)" : " more)");
        }
    }
    put("\n", 1);
}

int main() {
    static char in[1 << 20];
    std::vector<char> line;
    std::vector<uint64_t> heaps;
    size_t n;
    while ((n = fread(in, 1, sizeof in, stdin)) > 0) {
        const char* p = in;
        const char* end = in + n;
        while (p < end) {
            const char* nl = static_cast<const char*>(memchr(p, '\n', end - p));
            if (!nl) {
                line.insert(line.end(), p, end);
                break;
            }
            if (line.empty()) {
                answer(p, nl, heaps);
            } else {
                line.insert(line.end(), p, nl);
                answer(line.data(), line.data() + line.size(), heaps);
                line.clear();
            }
            p = nl + 1;
        }
    }
    if (!line.empty()) answer(line.data(), line.data() + line.size(), heaps);
    flush();
}
