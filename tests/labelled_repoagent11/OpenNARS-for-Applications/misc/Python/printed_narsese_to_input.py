"""
 * The MIT License
 *
 * Copyright 2021 The OpenNARS authors.
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in
 * all copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
 * THE SOFTWARE.
 * """

#Converts printed Narsese format "Input: term PrintMetadata"
#into "term InputMetaData" format

import sys
for s in sys.argv[1:]:
    print(s)

def floatPart(s):
    number = ""
    for c in s:
        if (c>='0' and c<='9') or c=='.':
            number += c
        else:
            break
    return number

while True:
    try:
        s = input().rstrip("\n")
    except:
        exit(0)
    if not s.startswith("Input: "):
        continue
    s = s.split("Input: ")[1]
    frequency = s.split("frequency=")[1].split(",")[0]
    confidence = floatPart(s.split("confidence=")[1])
    s = s.split(" occurrenceTime")[0].split(" Priority")[0]
    if frequency != 1.0 or confidence != 0.9:
        s += " {" + frequency + " " + confidence + "}"
    print(s)
