import DaybookCore
import Testing

@Suite("Photo links in an imported entry's text")
struct PhotoLinksTests {
    let ids = ["P1": "9f1c", "p-2_b": "77aa"]

    func linked(_ text: String) -> String {
        PhotoLinks.replacing(in: text, prefix: "photo:") { ids[$0].map { "/photos/" + $0 } }
    }

    @Test("each known photo gets its address where it stood, in any script; an unknown one stays as written")
    func replaced() {
        #expect(linked("벚꽃 🌸 ![](photo:P1) 그리고 ![](photo:p-2_b)") == "벚꽃 🌸 ![](/photos/9f1c) 그리고 ![](/photos/77aa)")
        #expect(linked("photo:P1") == "/photos/9f1c")
        #expect(linked("![](photo:NOPE) and ![](photo:P1)。") == "![](photo:NOPE) and ![](/photos/9f1c)。")
        #expect(linked("A photo: of the river, photo:") == "A photo: of the river, photo:")
        #expect(linked("phot") == "phot" && linked("") == "")
        #expect(linked("朝の散歩 photo:P1é") == "朝の散歩 /photos/9f1cé")
    }
}
