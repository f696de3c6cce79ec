/* The libsecp256k1 floor: the same curve operations CoreCashu performs, called from C (docs/performance.md).
 * Build and run: scripts/bench/floor  (needs libsecp256k1-dev and libssl-dev for SHA-256). Prints median µs/op. */
#include <openssl/sha.h>
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BATCH 2000
#define ROUNDS 21

static secp256k1_context *ctx;
static volatile unsigned sink;

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int hash_to_curve(const unsigned char *msg, size_t len, secp256k1_pubkey *out) {
    static const char prefix[] = "Secp256k1_HashToCurve_Cashu_";
    unsigned char buf[64 + 64], msg_hash[32], candidate[33];
    SHA256_CTX c;
    SHA256_Init(&c);
    SHA256_Update(&c, prefix, sizeof prefix - 1);
    SHA256_Update(&c, msg, len);
    SHA256_Final(msg_hash, &c);
    memcpy(buf, msg_hash, 32);
    candidate[0] = 0x02;
    for (uint32_t counter = 0; counter < 65536; counter++) {
        buf[32] = counter & 0xff; buf[33] = (counter >> 8) & 0xff; buf[34] = (counter >> 16) & 0xff; buf[35] = counter >> 24;
        SHA256(buf, 36, candidate + 1);
        if (secp256k1_ec_pubkey_parse(ctx, out, candidate, 33)) return 1;
    }
    return 0;
}

typedef void (*op_fn)(int i);

static secp256k1_pubkey K, C_, Y, P;
static unsigned char r[32], k[32], msg32[32], sig[64], compressed[33];
static secp256k1_keypair keypair;
static secp256k1_xonly_pubkey xonly;
static const char *secret = "407915bc212be61a77e3e6d2aeb4c727980bda51cd06a6afc29e2861768a7837";

static void op_parse(int i) { (void)i; secp256k1_pubkey p; sink += secp256k1_ec_pubkey_parse(ctx, &p, compressed, 33); }
static void op_h2c(int i) { (void)i; secp256k1_pubkey p; sink += hash_to_curve((const unsigned char *)secret, 64, &p); }
static void op_blind(int i) {
    (void)i;
    secp256k1_pubkey y, rg, b;
    hash_to_curve((const unsigned char *)secret, 64, &y);
    secp256k1_ec_pubkey_create(ctx, &rg, r);
    const secp256k1_pubkey *pair[2] = {&y, &rg};
    sink += secp256k1_ec_pubkey_combine(ctx, &b, pair, 2);
}
static void op_unblind(int i) {
    (void)i;
    secp256k1_pubkey rk = K, c;
    secp256k1_ec_pubkey_tweak_mul(ctx, &rk, r);
    secp256k1_ec_pubkey_negate(ctx, &rk);
    const secp256k1_pubkey *pair[2] = {&C_, &rk};
    sink += secp256k1_ec_pubkey_combine(ctx, &c, pair, 2);
}
static void op_mul(int i) { (void)i; secp256k1_pubkey p = P; sink += secp256k1_ec_pubkey_tweak_mul(ctx, &p, k); }
static void op_sign(int i) { (void)i; unsigned char s[64]; sink += secp256k1_schnorrsig_sign32(ctx, s, msg32, &keypair, msg32); }
/* What Schnorr.sign does per call: make the keypair from the private key, then sign. */
static void op_keypair_sign(int i) {
    (void)i;
    secp256k1_keypair kp;
    unsigned char s[64];
    sink += secp256k1_keypair_create(ctx, &kp, k);
    sink += secp256k1_schnorrsig_sign32(ctx, s, msg32, &kp, msg32);
}
static void op_verify(int i) { (void)i; sink += secp256k1_schnorrsig_verify(ctx, sig, msg32, 32, &xonly); }

static void measure(const char *name, op_fn op) {
    double per[ROUNDS];
    for (int i = 0; i < 200; i++) op(i);
    for (int round = 0; round < ROUNDS; round++) {
        double start = now_us();
        for (int i = 0; i < BATCH; i++) op(i);
        per[round] = (now_us() - start) / BATCH;
    }
    qsort(per, ROUNDS, sizeof per[0], cmp);
    printf("%-28s %8.2f\n", name, per[ROUNDS / 2]);
}

int main(void) {
    ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    for (int i = 0; i < 32; i++) { r[i] = (unsigned char)(i * 7 + 1); k[i] = (unsigned char)(i * 13 + 5); msg32[i] = 0x5a; }
    secp256k1_ec_pubkey_create(ctx, &K, k);
    secp256k1_ec_pubkey_create(ctx, &P, r);
    size_t len = 33;
    secp256k1_ec_pubkey_serialize(ctx, compressed, &len, &P, SECP256K1_EC_COMPRESSED);
    hash_to_curve((const unsigned char *)secret, 64, &Y);
    C_ = Y;
    secp256k1_ec_pubkey_tweak_mul(ctx, &C_, k);
    secp256k1_keypair_create(ctx, &keypair, k);
    secp256k1_keypair_xonly_pub(ctx, &xonly, NULL, &keypair);
    secp256k1_schnorrsig_sign32(ctx, sig, msg32, &keypair, msg32);
    printf("%-28s %8s\n", "operation (libsecp256k1, C)", "median µs");
    measure("pubkey parse", op_parse);
    measure("hash_to_curve", op_h2c);
    measure("blind (Y + r·G)", op_blind);
    measure("unblind (C_ − r·K)", op_unblind);
    measure("k·P (tweak_mul)", op_mul);
    measure("Schnorr sign (keypair ready)", op_sign);
    measure("Schnorr sign (keypair + sign)", op_keypair_sign);
    measure("Schnorr verify", op_verify);
    secp256k1_context_destroy(ctx);
    return sink == 0xdeadbeef;
}
